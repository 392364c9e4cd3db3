import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
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
        const fieldId = (name: string) => `${id}-${rule.key}-${name}`;
        const error = (name: string) => errors[`rules.${index}.${name}`];
        // A topic typed elsewhere (an import, another client) is kept even if not listed.
        const topicOptions = [
          ...new Set([...(topics.data ?? []), ...(rule.topic ? [rule.topic] : [])]),
        ];
        return (
          <fieldset key={rule.key} className="blueprint-rule">
            <legend>{t('blueprints.rule', { n })}</legend>
            <div className="blueprint-rule__fields">
              <div className="field blueprint-rule__count">
                <label className="field__label" htmlFor={fieldId('count')}>
                  {t('blueprints.field.count')}
                </label>
                <input
                  id={fieldId('count')}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={limits.countPerRule}
                  step={1}
                  value={rule.count}
                  aria-invalid={error('count') ? true : undefined}
                  aria-describedby={error('count') ? fieldId('count-error') : undefined}
                  onChange={(event) => update(rule.key, { count: event.target.value })}
                />
                <FieldError id={fieldId('count-error')} message={error('count')} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={fieldId('topic')}>
                  {t('blueprints.field.topic')}
                </label>
                <select
                  id={fieldId('topic')}
                  className="input"
                  value={rule.topic}
                  aria-invalid={error('topic') ? true : undefined}
                  aria-describedby={error('topic') ? fieldId('topic-error') : undefined}
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
                <FieldError id={fieldId('topic-error')} message={error('topic')} />
              </div>
              <div className="field">
                <label className="field__label" htmlFor={fieldId('difficulty')}>
                  {t('blueprints.field.difficulty')}
                </label>
                <select
                  id={fieldId('difficulty')}
                  className="input"
                  value={rule.difficulty}
                  aria-invalid={error('difficulty') ? true : undefined}
                  aria-describedby={error('difficulty') ? fieldId('difficulty-error') : undefined}
                  onChange={(event) => update(rule.key, { difficulty: event.target.value })}
                >
                  <option value="">{t('questions.anyDifficulty')}</option>
                  {difficulties.map((level) => (
                    <option key={level} value={level}>
                      {t('editor.difficultyLevel', { level })}
                    </option>
                  ))}
                </select>
                <FieldError id={fieldId('difficulty-error')} message={error('difficulty')} />
              </div>
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
