import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { widgetFor, type FieldProps } from './field-common';
import { PairingMark } from './mark';
import { ANSWER_LIMITS } from '@questa/contracts/rules/questions';

/**
 * The blanks listed under the stem, numbered as the stem shows them: a text field for a text blank,
 * a select for a choice blank. The value of a choice is its index in the authored options.
 */
export function ClozeFields({
  question,
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'cloze'>) {
  const t = useT();
  const baseId = useId();
  const set = (blankId: string, value: string | number, kind: 'choose' | 'type') =>
    onChange({ type: 'cloze', blanks: { ...draft.blanks, [blankId]: value } }, kind);

  return (
    <fieldset className="fieldset practice-cloze" aria-describedby={describedBy}>
      <legend>{t('answering.fillBlanks')}</legend>
      {question.blanks.map((blank, index) => {
        const id = `${baseId}-${index}`;
        const value = draft.blanks[blank.id] ?? '';
        const marks = feedback?.blanks.find((entry) => entry.blankId === blank.id);
        return (
          <div key={blank.id} className="practice-cloze__row">
            <label htmlFor={id} className="practice-cloze__label">
              {t('answering.blank', { number: index + 1 })}
            </label>
            {blank.kind === 'text' ? (
              <input
                id={id}
                className="input"
                type="text"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={ANSWER_LIMITS.typedMax}
                value={String(value)}
                readOnly={readOnly}
                onChange={(event) => set(blank.id, event.target.value, 'type')}
              />
            ) : (
              <select
                id={id}
                className="input"
                value={String(value)}
                disabled={readOnly}
                onChange={(event) =>
                  set(
                    blank.id,
                    event.target.value === '' ? '' : Number(event.target.value),
                    'choose',
                  )
                }
              >
                <option value="">{t('answering.choose')}</option>
                {blank.options.map((option, optionIndex) => (
                  <option key={optionIndex} value={optionIndex}>
                    {option}
                  </option>
                ))}
              </select>
            )}
            {marks && <PairingMark correct={marks.correct} expected={marks.expected} />}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The answer form's widget for cloze questions, loaded when one arrives (answer-widgets.ts). */
export const ClozeWidget = widgetFor('cloze', ClozeFields);
