// Moodle's MathJax filter reads `\( … \)` and `\[ … \]`; Questa's Markdown reads `$…$` and `$$…$$`.
const OPEN: Record<string, { close: string; mark: string }> = {
  '(': { close: ')', mark: '$' },
  '[': { close: ']', mark: '$$' },
};

/** Whether the backslash at `at` starts a delimiter: an even run of backslashes is escaped ones. */
function isDelimiter(text: string, at: number): boolean {
  let run = 0;
  for (let i = at; i >= 0 && text[i] === '\\'; i -= 1) run += 1;
  return run % 2 === 1;
}

function convertPlain(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const slash = text.indexOf('\\', i);
    if (slash === -1 || slash + 1 >= text.length) break;
    const kind = OPEN[text[slash + 1] as string];
    if (!kind || !isDelimiter(text, slash)) {
      out += text.slice(i, slash + 2);
      i = slash + 2;
      continue;
    }
    let end = text.indexOf(`\\${kind.close}`, slash + 2);
    while (end !== -1 && !isDelimiter(text, end)) end = text.indexOf(`\\${kind.close}`, end + 2);
    if (end === -1) {
      out += text.slice(i, slash + 2);
      i = slash + 2;
      continue;
    }
    const inner = text.slice(slash + 2, end).trim();
    out += text.slice(i, slash) + (inner ? `${kind.mark}${inner}${kind.mark}` : '');
    i = end + 2;
  }
  return out + text.slice(i);
}

// Fenced blocks and inline code spans, whose backslashes are code, not math.
const CODE = /```[\s\S]*?```|`[^`\n]*`/g;

/** Converts MathJax's `\( … \)` and `\[ … \]` to `$…$` and `$$…$$`, leaving code alone. */
export function convertMath(markdown: string): string {
  if (!markdown.includes('\\')) return markdown;
  let out = '';
  let last = 0;
  for (const match of markdown.matchAll(CODE)) {
    out += convertPlain(markdown.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + convertPlain(markdown.slice(last));
}
