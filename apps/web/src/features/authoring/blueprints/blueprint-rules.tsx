import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { QueryResult } from '../../../lib/use-query';
import { limits, type DraftErrors, type RuleDraft } from './blueprint-draft';

const difficulties = [1, 2, 3, 4, 5];

/**
 * The rules of a blueprint, each a group: how many questions, from which topic (the bank's
 * published topics) and of which difficulty, with a way to remove it and to add another.
 */
export function BlueprintRules({
  rules,
  topics,
  errors,
  onChange,
  onAdd,
}: {
  rules: RuleDraft[];
  topics: QueryResult<string[]>;
  errors: DraftErrors;
  onChange: (rules: RuleDraft[]) => void;
  onAdd: () => void;
}) {
  const t = useT();
  const id = useId();
  const update = (key: number, change: Partial<RuleDraft>) =>
    onChange(rules.map((rule) => (rule.key === key ? { ...rule, ...change } : rule)));

  return (
    <fieldset className="fieldset blueprint-rules" aria-describedby={`${id}-hint`}>
      <legend>{t('blueprints.field.rules')}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {t('blueprints.field.rulesHint')}
      </p>
      {topics.status === 'error' && <p className="field__hint">{t('blueprints.topicsFailed')}</p>}
      <FieldError message={errors.rules} />
      {rules.map((rule, index) => {
        const n = index + 1;
        const error = (name: string) => errors[`rules.${index}.${name}`];
        // A topic typed elsewhere (an import, another client) is kept even if not listed.
        const topicOptions = [
          ...new Set([...(topics.data ?? []), ...(rule.topic ? [rule.topic] : [])]),
        ];
        return (
          <fieldset key={rule.key} className="blueprint-rule">
            <legend>{t('blueprints.rule', { n })}</legend>
            <div className="blueprint-rule__fields">
              <Field
                label={t('blueprints.field.count')}
                error={error('count')}
                className="blueprint-rule__count"
              >
                {(control) => (
                  <input
                    {...control}
                    className="input"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={limits.countPerRule}
                    step={1}
                    value={rule.count}
                    onChange={(event) => update(rule.key, { count: event.target.value })}
                  />
                )}
              </Field>
              <Field label={t('blueprints.field.topic')} error={error('topic')}>
                {(control) => (
                  <select
                    {...control}
                    className="input"
                    value={rule.topic}
                    onChange={(event) => update(rule.key, { topic: event.target.value })}
                  >
                    <option value="">
                      {topics.status === 'pending'
                        ? t('blueprints.topicsLoading')
                        : t('blueprints.anyTopic')}
                    </option>
                    {topicOptions.map((topic) => (
                      <option key={topic} value={topic}>
                        {topic}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('blueprints.field.difficulty')} error={error('difficulty')}>
                {(control) => (
                  <select
                    {...control}
                    className="input"
                    value={rule.difficulty}
                    onChange={(event) => update(rule.key, { difficulty: event.target.value })}
                  >
                    <option value="">{t('questions.anyDifficulty')}</option>
                    {difficulties.map((level) => (
                      <option key={level} value={level}>
                        {t('editor.difficultyLevel', { level })}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button
                variant="secondary"
                className="button--small blueprint-rule__remove"
                aria-label={t('blueprints.removeRule', { n })}
                disabled={rules.length === 1}
                onClick={() => onChange(rules.filter((candidate) => candidate.key !== rule.key))}
              >
                {t('blueprints.remove')}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button variant="secondary" onClick={onAdd} disabled={rules.length >= limits.rules}>
          {t('blueprints.addRule')}
        </Button>
      </div>
    </fieldset>
  );
}
