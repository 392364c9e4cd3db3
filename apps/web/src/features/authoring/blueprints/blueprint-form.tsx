import type { Blueprint, ReviewPolicy } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import type { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { QueryResult } from '../../../lib/use-query';
import { useCreateBlueprint } from './api/create-blueprint';
import { useUpdateBlueprint } from './api/update-blueprint';
import {
  draftFrom,
  draftQuestionCount,
  limits,
  newRule,
  reviewPolicyOptions,
  secondsPerQuestion,
  toInput,
  type BlueprintDraft,
  type DraftErrors,
  type RuleDraft,
} from './blueprint-draft';
import { BlueprintRules } from './blueprint-rules';

/** The API's field paths as the form names them: without the `body.` the server may prefix. */
function serverErrors(error: ApiError | undefined): DraftErrors {
  const errors: DraftErrors = {};
  for (const fieldError of error?.fieldErrors ?? []) {
    const field = fieldError.field.replace(/^body[./]/, '').replace(/\//g, '.');
    errors[field] ??= fieldError.message;
  }
  return errors;
}

/** Creates a blueprint, or edits `blueprint`. */
export function BlueprintForm({
  clientId,
  bankId,
  blueprint,
  topics,
  onDone,
}: {
  clientId: string;
  bankId: string;
  blueprint?: Blueprint;
  topics: QueryResult<string[]>;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const create = useCreateBlueprint();
  const update = useUpdateBlueprint();
  const save = blueprint ? update : create;
  const [draft, setDraft] = useState<BlueprintDraft>(() => draftFrom(blueprint));
  const [submitted, setSubmitted] = useState(false);

  const checked = toInput(t, draft);
  // The server's errors show until the next try; the form's own checks once a try was made.
  const errors: DraftErrors = {
    ...(save.status === 'error' ? serverErrors(save.error) : {}),
    ...(submitted && checked.errors ? checked.errors : {}),
  };
  const change = (next: Partial<BlueprintDraft>) =>
    setDraft((current) => ({ ...current, ...next }));
  const questionCount = draftQuestionCount(draft);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.input) return;
    const outcome = blueprint
      ? await update.mutate(clientId, bankId, blueprint.id, checked.input)
      : await create.mutate(clientId, bankId, checked.input);
    if (outcome.ok) onDone();
  };

  const title = blueprint
    ? t('blueprints.editTitle', { title: blueprint.title })
    : t('blueprints.newTitle');

  return (
    <form
      className="authoring-form blueprint-form"
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <Field label={t('blueprints.field.title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={draft.title}
            maxLength={limits.titleLength}
            required
            autoFocus
            onChange={(event) => change({ title: event.target.value })}
          />
        )}
      </Field>
      <BlueprintRules
        rules={draft.rules}
        topics={topics}
        errors={errors}
        onChange={(rules: RuleDraft[]) => change({ rules })}
        onAdd={() => change({ rules: [...draft.rules, newRule()] })}
      />
      <p className="authoring-muted">{t('blueprints.questionTotal', { count: questionCount })}</p>
      <div className="authoring-form__grid">
        <Field
          label={t('blueprints.field.minutes')}
          hint={t('blueprints.field.minutesHint', {
            minutes: Math.ceil((questionCount * secondsPerQuestion) / 60),
          })}
          error={errors.timeLimitSeconds}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="decimal"
              min={limits.minMinutes}
              max={limits.maxMinutes}
              step="any"
              value={draft.minutes}
              onChange={(event) => change({ minutes: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={t('blueprints.field.passMark')}
          hint={t('blueprints.field.passMarkHint')}
          error={errors.passMark}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step="any"
              value={draft.passPercent}
              onChange={(event) => change({ passPercent: event.target.value })}
            />
          )}
        </Field>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.shuffle}
          onChange={(event) => change({ shuffle: event.target.checked })}
        />
        {t('blueprints.field.shuffle')}
      </label>
      <fieldset
        className="fieldset"
        aria-describedby={errors.reviewPolicy ? `${id}-policy-error` : undefined}
      >
        <legend>{t('blueprints.field.reviewPolicy')}</legend>
        {reviewPolicyOptions.map((policy: ReviewPolicy) => (
          <label key={policy} className="blueprint-form__policy">
            <input
              type="radio"
              name={`${id}-policy`}
              checked={draft.reviewPolicy === policy}
              aria-describedby={`${id}-policy-${policy}`}
              onChange={() => change({ reviewPolicy: policy })}
            />
            <span>
              <span className="blueprint-form__policy-name">
                {t(`blueprints.policy.${policy}`)}
              </span>
              <span id={`${id}-policy-${policy}`} className="authoring-muted authoring-block">
                {t(`blueprints.policyHint.${policy}`)}
              </span>
            </span>
          </label>
        ))}
        <FieldError id={`${id}-policy-error`} message={errors.reviewPolicy} />
      </fieldset>
      {save.status === 'error' && (
        <ProblemAlert
          title={blueprint ? t('blueprints.saveFailed') : t('blueprints.createFailed')}
          error={save.error}
        />
      )}
      <div className="authoring-actions">
        <Button type="submit" disabled={save.status === 'pending'}>
          {blueprint ? t('blueprints.save') : t('blueprints.create')}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.status === 'pending'}>
          {t('confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
