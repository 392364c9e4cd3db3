import { useState, type ComponentProps } from 'react';

const parse = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** Tags typed as one comma-separated line; the text is kept as typed, commas and all. */
export function TagsInput({
  tags,
  onTagsChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  tags: readonly string[];
  onTagsChange: (tags: string[]) => void;
}) {
  const [text, setText] = useState(tags.join(', '));
  const [shown, setShown] = useState(tags);
  if (!same(tags, shown)) {
    setShown(tags);
    if (!same(parse(text), tags)) setText(tags.join(', '));
  }
  return (
    <input
      {...props}
      className="input"
      value={text}
      onChange={(event) => {
        const next = parse(event.target.value);
        setText(event.target.value);
        setShown(next);
        onTagsChange(next);
      }}
    />
  );
}
