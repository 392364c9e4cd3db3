import type { QuestionStatus, QuestionType } from '@questa/contracts';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { QuestionFilters as Filters } from '@questa/contracts';
import { questionStatusOptions, questionTypeOptions } from '../question-kinds';
import { QUESTION_LIMITS } from '@questa/contracts/rules';

/** Typing pauses this long before the list is asked for again. */
const typingDelayMs = 300;

/**
 * The search box and filters of a bank's question list. Text fields wait for a pause in typing;
 * the lists apply at once.
 */
export function QuestionFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  /** Applies a change to the filters it names; the others stay as they are. */
  onChange: (change: Partial<Filters>) => void;
}) {
  const t = useT();
  const [q, setQ] = useState(filters.q ?? '');
  const [topic, setTopic] = useState(filters.topic ?? '');
  const settledQ = useDebouncedValue(q.trim(), typingDelayMs);
  const settledTopic = useDebouncedValue(topic.trim(), typingDelayMs);

  useEffect(() => {
    if (settledQ === (filters.q ?? '') && settledTopic === (filters.topic ?? '')) return;
    onChange({ q: settledQ || undefined, topic: settledTopic || undefined });
  }, [settledQ, settledTopic, filters, onChange]);

  return (
    <div className="question-filters" role="search">
      <Field label={t('questions.search')} className="question-filters__search">
        {(control) => (
          <input
            {...control}
            type="search"
            className="input"
            value={q}
            maxLength={QUESTION_LIMITS.searchMax}
            onChange={(event) => setQ(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('questions.type')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.type ?? ''}
            onChange={(event) =>
              onChange({ type: (event.target.value || undefined) as QuestionType })
            }
          >
            <option value="">{t('questions.anyType')}</option>
            {questionTypeOptions.map((type) => (
              <option key={type} value={type}>
                {t(`questionType.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('editor.topic')}>
        {(control) => (
          <input
            {...control}
            className="input"
            value={topic}
            maxLength={QUESTION_LIMITS.topicMax}
            onChange={(event) => setTopic(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('editor.difficulty')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.difficulty ?? ''}
            onChange={(event) =>
              onChange({
                difficulty: event.target.value ? Number(event.target.value) : undefined,
              })
            }
          >
            <option value="">{t('questions.anyDifficulty')}</option>
            {[1, 2, 3, 4, 5].map((level) => (
              <option key={level} value={level}>
                {t('editor.difficultyLevel', { level })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('questions.status')}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={filters.status ?? ''}
            onChange={(event) =>
              onChange({
                status: (event.target.value || undefined) as QuestionStatus,
              })
            }
          >
            <option value="">{t('questions.anyStatus')}</option>
            {questionStatusOptions.map((status) => (
              <option key={status} value={status}>
                {t(`questionStatus.${status}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
