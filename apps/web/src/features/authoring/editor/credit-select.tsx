import { Field } from '../../../components/ui/field';
import type { Issues } from '../validate-question';
import { useT } from '../../../lib/i18n';
import { ANSWER_CREDITS } from './answer-credits';
import { issueText } from './issue-text';
import { percentOf } from './option-extras';

/** What one accepted answer earns, from Moodle's grade choices; 100 % unless the author lowers it. */
export function CreditSelect({
  label,
  credit,
  error,
  onChange,
}: {
  label: string;
  credit: number;
  error: Issues[string] | undefined;
  onChange: (credit: number) => void;
}) {
  const t = useT();
  // An imported credit Moodle's list lacks (12.5 %) stays choosable rather than shown as another.
  const credits = ANSWER_CREDITS.includes(credit) ? ANSWER_CREDITS : [...ANSWER_CREDITS, credit];
  return (
    <Field label={label} error={issueText(t, error)} className="editor-answer-credit">
      {(control) => (
        <select
          {...control}
          className="input"
          value={String(credit)}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          {credits.map((c) => (
            <option key={c} value={String(c)}>
              {`${percentOf(c)} %`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
