import type { QuestionContent } from '@questa/contracts';
import { CREDIT_FRACTIONS, QUESTION_LIMITS } from '@questa/contracts/rules';
import { Field } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import type { Issues } from '../validate-question';
import { issueText } from './issue-text';

type Choice = Extract<QuestionContent, { type: 'single_choice' | 'multiple_response' }>;
type Option = Choice['options'][number];

/** Moodle's grade choices, full credit down to the full penalty. */
const MOODLE_CREDITS = [
  ...CREDIT_FRACTIONS,
  ...[...CREDIT_FRACTIONS]
    .reverse()
    .slice(1)
    .map((f) => -f),
];

export const percentOf = (credit: number) => Number((credit * 100).toFixed(5));

/** A copy of `option` with `key` set, or without it when `value` is undefined. */
export function withField<K extends 'credit' | 'feedback'>(
  option: Option,
  key: K,
  value: Option[K] | undefined,
): Option {
  const next = { ...option };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Moodle-style credit chosen for one option keeps the key in step: in multiple response the
 * correct options are those with a positive credit; in single choice a credit of 100 % makes the
 * option the correct one. What still does not fit is shown by the form's check.
 */
export function setCredit(content: Choice, index: number, credit: number | undefined): Choice {
  const options = content.options.map((option, i) => {
    if (i === index) {
      const next = withField(option, 'credit', credit);
      if (credit === undefined) return next;
      return content.type === 'multiple_response'
        ? { ...next, correct: credit > 0 }
        : credit === 1
          ? { ...next, correct: true }
          : next;
    }
    if (content.type === 'single_choice' && credit === 1) {
      return withField(
        { ...option, correct: false },
        'credit',
        option.credit === 1 ? undefined : option.credit,
      );
    }
    return option;
  });
  return { ...content, options };
}

/** The credit select and the feedback text of one option, under its text. */
export function OptionExtras({
  content,
  index,
  onChange,
  issues,
}: {
  content: Choice;
  index: number;
  onChange: (content: Choice) => void;
  issues: Issues;
}) {
  const t = useT();
  const option = content.options[index] as Option;
  const n = index + 1;
  const known = option.credit === undefined || MOODLE_CREDITS.some((c) => c === option.credit);
  const credits = known ? MOODLE_CREDITS : [...MOODLE_CREDITS, option.credit as number];
  const setFeedback = (text: string) =>
    onChange({
      ...content,
      options: content.options.map((o, i) =>
        i === index ? withField(o, 'feedback', text === '' ? undefined : text) : o,
      ),
    });
  return (
    <div className="editor-option-extras">
      <Field label={t('editor.credit', { n })} className="editor-option-extras__credit">
        {(control) => (
          <select
            {...control}
            className="input"
            value={option.credit === undefined ? '' : String(option.credit)}
            onChange={(event) =>
              onChange(
                setCredit(
                  content,
                  index,
                  event.target.value === '' ? undefined : Number(event.target.value),
                ),
              )
            }
          >
            <option value="">{t('editor.creditDefault')}</option>
            {credits.map((credit) => (
              <option key={credit} value={String(credit)}>
                {`${percentOf(credit)} %`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={t('editor.optionFeedback', { n })}
        error={issueText(t, issues[`options.${index}.feedback`])}
        className="editor-option-extras__feedback"
      >
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={1}
            value={option.feedback ?? ''}
            maxLength={QUESTION_LIMITS.optionFeedbackMax}
            onChange={(event) => setFeedback(event.target.value)}
          />
        )}
      </Field>
    </div>
  );
}
