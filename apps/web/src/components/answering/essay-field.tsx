import { useId } from 'react';
import { ESSAY_LIMITS } from '@questa/contracts/rules/questions';
import { useT } from '../../lib/i18n';
import { widgetFor, type FieldProps } from './field-common';
import { countWords, withinWordLimits } from './essay-words';

/**
 * A long answer typed freely. The word count and the author's limits sit under the box; they guide
 * and never block, since a person scores the essay and a draft may be saved at any length.
 */
export function EssayField({
  question,
  draft,
  onChange,
  readOnly,
  describedBy,
}: FieldProps<'essay'>) {
  const t = useT();
  const id = useId();
  const count = countWords(draft.text);
  const { minWords, maxWords } = question;
  const limits =
    minWords !== null && maxWords !== null
      ? t('answering.essay.between', { min: minWords, max: maxWords })
      : minWords !== null
        ? t('answering.essay.atLeast', { min: minWords })
        : maxWords !== null
          ? t('answering.essay.atMost', { max: maxWords })
          : null;
  const outside = count > 0 && !withinWordLimits(count, question);
  return (
    <div className="field essay-field">
      <label className="field__label" htmlFor={id}>
        {t('answering.yourAnswer')}
      </label>
      <textarea
        id={id}
        className="input essay-field__text"
        rows={10}
        maxLength={ESSAY_LIMITS.textMax}
        value={draft.text}
        readOnly={readOnly}
        aria-describedby={[describedBy, `${id}-count`].filter(Boolean).join(' ')}
        onChange={(event) => onChange({ type: 'essay', text: event.target.value }, 'type')}
      />
      <p id={`${id}-count`} className={`field__hint${outside ? ' essay-field__outside' : ''}`}>
        {t('answering.essay.words', { count })}
        {limits && ` · ${limits}`}
      </p>
    </div>
  );
}

/** The answer form's widget for essay questions, loaded when one arrives (answer-widgets.ts). */
export const EssayWidget = widgetFor('essay', EssayField);
