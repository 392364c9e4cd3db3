import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { parseNumber } from './answer-draft';
import type { FieldProps } from './field-common';
import { Mark } from './mark';
// The rule's own file, not the rules' index: the player's page loads only what it uses.
import { ANSWER_LIMITS } from '@questa/contracts/rules/questions';

export function ShortTextField({
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'short_text'>) {
  const t = useT();
  const id = useId();
  return (
    <div className="field practice-typed">
      <label className="field__label" htmlFor={id}>
        {t('answering.yourAnswer')}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={ANSWER_LIMITS.typedMax}
        value={draft.text}
        readOnly={readOnly}
        aria-describedby={describedBy}
        onChange={(event) => onChange({ type: 'short_text', text: event.target.value }, 'type')}
      />
      {feedback &&
        (feedback.matched === null ? (
          <Mark ok={false}>{t('answering.mark.notAccepted')}</Mark>
        ) : feedback.credit !== undefined ? (
          <Mark ok partial>
            {t('answering.mark.partlyAccepted', { percent: percentOf(feedback.credit) })}
          </Mark>
        ) : (
          <Mark ok>{t('answering.mark.accepted')}</Mark>
        ))}
    </div>
  );
}

/** A share of the marks as the editor writes it: 33.33333 for a third. */
const percentOf = (credit: number) => Number((credit * 100).toFixed(5));

/**
 * A number typed as text, so "1." and "-" can be typed on the way; a comma works as a point. Also
 * the answer to a calculated question, whose stem already holds this draw's numbers.
 */
export function NumericField({
  question,
  draft,
  onChange,
  feedback,
  readOnly,
  describedBy,
}: FieldProps<'numeric' | 'calculated'>) {
  const t = useT();
  const id = useId();
  const unit = question.unit;
  // Only numeric answers can be accepted for part of the marks; calculated ones have one answer.
  const credit = feedback?.type === 'numeric' ? feedback.credit : undefined;
  const invalid = draft.text.trim() !== '' && parseNumber(draft.text) === null;
  const describedByIds = [describedBy, invalid ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field practice-typed">
      <label className="field__label" htmlFor={id}>
        {unit ? t('answering.numberIn', { unit }) : t('answering.number')}
      </label>
      <div className="practice-number">
        <input
          id={id}
          className="input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={draft.text}
          readOnly={readOnly}
          aria-invalid={invalid || undefined}
          aria-describedby={describedByIds || undefined}
          onChange={(event) => onChange({ type: draft.type, text: event.target.value }, 'type')}
        />
        {unit && (
          <span className="practice-number__unit" aria-hidden="true">
            {unit}
          </span>
        )}
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field__error">
          {t('answering.notANumber')}
        </p>
      )}
      {feedback && (
        <Mark
          ok={feedback.withinTolerance && feedback.unitAccepted}
          partial={feedback.unitAccepted && credit !== undefined}
        >
          {!feedback.withinTolerance
            ? t('answering.mark.outsideTolerance')
            : !feedback.unitAccepted
              ? t('answering.mark.unitNotAccepted')
              : credit !== undefined
                ? t('answering.mark.partlyAccepted', { percent: percentOf(credit) })
                : t('answering.mark.accepted')}
        </Mark>
      )}
    </div>
  );
}
