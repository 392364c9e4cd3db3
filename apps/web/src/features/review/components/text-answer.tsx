import type { LearnerQuestion } from '@questa/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { parseNumber, type AnswerDraft } from '../answer-draft';

type TextDraft = Extract<AnswerDraft, { type: 'short_text' | 'numeric' }>;

/** A typed answer: a word or phrase, or a number in the question's unit. */
export function TextAnswer({
  question,
  draft,
  onChange,
  graded,
  label,
}: {
  question: LearnerQuestion;
  draft: TextDraft;
  onChange: (draft: TextDraft) => void;
  graded: boolean;
  label: string;
}) {
  const t = useT();
  const id = useId();
  const unit = question.type === 'numeric' ? question.unit : null;
  const invalidNumber =
    draft.type === 'numeric' && draft.text.trim() !== '' && parseNumber(draft.text) === null;

  return (
    <div className="field answer-text">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="answer-text__row">
        <input
          id={id}
          className="input"
          type="text"
          inputMode={draft.type === 'numeric' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={draft.type === 'short_text'}
          maxLength={1000}
          value={draft.text}
          readOnly={graded}
          aria-invalid={invalidNumber || undefined}
          aria-describedby={invalidNumber ? `${id}-error` : unit ? `${id}-unit` : undefined}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
        />
        {unit && (
          <span id={`${id}-unit`} className="answer-text__unit">
            {unit}
          </span>
        )}
      </div>
      {invalidNumber && (
        <p id={`${id}-error`} className="field__error">
          {t('review.answer.notANumber')}
        </p>
      )}
    </div>
  );
}
