import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { widgetFor, type FieldProps } from './field-common';
import { PairingMark } from './mark';
import { RichText } from './rich-text';

/** One select per prompt, each offering every answer text; several prompts may share one. */
export function MatchingFields({
  question,
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'matching'>) {
  const t = useT();
  const baseId = useId();
  return (
    <fieldset className="fieldset practice-matching" aria-describedby={describedBy}>
      <legend>{t('answering.matchEach')}</legend>
      {question.prompts.map((prompt, index) => {
        const id = `${baseId}-${index}`;
        const marks = feedback?.pairs.find((pair) => pair.pairId === prompt.id);
        return (
          <div key={prompt.id} className="practice-matching__row">
            <label htmlFor={id} className="practice-matching__prompt">
              <RichText source={prompt.prompt} inline />
            </label>
            <select
              id={id}
              className="input"
              value={draft.pairs[prompt.id] ?? ''}
              disabled={readOnly}
              onChange={(event) =>
                onChange(
                  { type: 'matching', pairs: { ...draft.pairs, [prompt.id]: event.target.value } },
                  'choose',
                )
              }
            >
              <option value="">{t('answering.choose')}</option>
              {question.answers.map((answer) => (
                <option key={answer} value={answer}>
                  {answer}
                </option>
              ))}
            </select>
            {marks && <PairingMark correct={marks.correct} expected={marks.expected} />}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The answer form's widget for matching questions, loaded when one arrives (answer-widgets.ts). */
export const MatchingWidget = widgetFor('matching', MatchingFields);
