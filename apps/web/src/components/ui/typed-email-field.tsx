import { Field } from './field';

/**
 * The field a person types an account's email into before something that cannot be undone: a
 * typed address, not a click, says they mean this account. Editing clears a mismatch shown.
 */
export function TypedEmailField({
  label,
  mismatch,
  value,
  onChange,
}: {
  label: string;
  /** Shown while what was typed does not match; undefined otherwise. */
  mismatch: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={mismatch}>
      {(control) => (
        <input
          {...control}
          type="email"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
