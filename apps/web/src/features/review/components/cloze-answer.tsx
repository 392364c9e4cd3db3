import type { AnswerFeedback, LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { AnswerDraft } from '../answer-draft';
import { PartMark } from './part-mark';

type ClozeQuestion = Extract<LearnerQuestion, { type: 'cloze' }>;
type ClozeDraft = Extract<AnswerDraft, { type: 'cloze' }>;

/** The text shown for blank `id` in the stem: its number, which labels its field below. */
export function blankMarker(question: ClozeQuestion) {
  return (id: string) => {
    const index = question.blanks.findIndex((blank) => blank.id === id);
    return index === -1 ? '____' : `[${index + 1}]`;
  };
}

/**
 * One field per blank, numbered as the stem numbers them: a text box for a typed blank, a list
 * for a choice blank.
 */
export function ClozeAnswer({
  question,
  draft,
  onChange,
  feedback,
  legend,
}: {
  question: ClozeQuestion;
  draft: ClozeDraft;
  onChange: (draft: ClozeDraft) => void;
  feedback: AnswerFeedback | null;
  legend: string;
}) {
  const t = useT();
  const id = useId();
  const graded = feedback?.type === 'cloze' ? feedback.blanks : null;
  const set = (blankId: string, value: string | number) =>
    onChange({ ...draft, values: { ...draft.values, [blankId]: value } });

  return (
    <fieldset className="fieldset answer-pairs">
      <legend>{legend}</legend>
      {question.blanks.map((blank, index) => {
        const fieldId = `${id}-${index}`;
        const value = draft.values[blank.id];
        const mark = graded?.find((entry) => entry.blankId === blank.id);
        return (
          <div key={blank.id} className="answer-pairs__row">
            <label htmlFor={fieldId}>{t('review.answer.blankLabel', { n: index + 1 })}</label>
            {blank.kind === 'text' ? (
              <input
                id={fieldId}
                className="input"
                type="text"
                autoComplete="off"
                maxLength={1000}
                value={typeof value === 'string' ? value : ''}
                readOnly={feedback !== null}
                onChange={(event) => set(blank.id, event.target.value)}
              />
            ) : (
              <select
                id={fieldId}
                className="input"
                value={typeof value === 'number' ? String(value) : ''}
                disabled={feedback !== null}
                onChange={(event) => {
                  if (event.target.value !== '') set(blank.id, Number(event.target.value));
                }}
              >
                <option value="">{t('review.answer.choose')}</option>
                {blank.options.map((option, optionIndex) => (
                  <option key={optionIndex} value={optionIndex}>
                    {option}
                  </option>
                ))}
              </select>
            )}
            {mark && (
              <PartMark correct={mark.correct}>
                {mark.correct
                  ? t('review.mark.right')
                  : t('review.mark.shouldBe', { answer: mark.expected })}
              </PartMark>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
