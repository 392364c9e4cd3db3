import { useState, type ComponentProps } from 'react';

const parse = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/**
 * A number typed as text, so "1." or "-" can be typed on the way to a number; the value is NaN
 * while the text is not one, which validation reports.
 */
export function NumberInput({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: number;
  onValueChange: (value: number) => void;
}) {
  const [text, setText] = useState(Number.isNaN(value) ? '' : String(value));
  const [shown, setShown] = useState(value);
  // A value changed from outside (a reload, a restored draft) replaces the text.
  if (!Object.is(value, shown)) {
    setShown(value);
    if (!Object.is(parse(text), value)) setText(Number.isNaN(value) ? '' : String(value));
  }
  return (
    <input
      {...props}
      type="text"
      inputMode="decimal"
      className="input"
      value={text}
      onChange={(event) => {
        const next = parse(event.target.value);
        setText(event.target.value);
        setShown(next);
        onValueChange(next);
      }}
    />
  );
}
