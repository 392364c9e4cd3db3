// GIFT escapes `\~ \= \# \{ \} \:`, `\\` for a backslash and `\n` for a line break. Parsing swaps
// each escape for a private-use character first, so splitting on the special characters is plain.
const PLACEHOLDER: Record<string, string> = {
  '\\': '\uE000',
  '~': '\uE001',
  '=': '\uE002',
  '#': '\uE003',
  '{': '\uE004',
  '}': '\uE005',
  ':': '\uE006',
  n: '\uE007',
};
const RESTORED: Record<string, string> = {
  '\uE000': '\\',
  '\uE001': '~',
  '\uE002': '=',
  '\uE003': '#',
  '\uE004': '{',
  '\uE005': '}',
  '\uE006': ':',
  '\uE007': '\n',
};

export function protect(text: string): string {
  return text.replace(/\\([\\~=#{}:n])/g, (_, c: string) => PLACEHOLDER[c] as string);
}

export function restore(text: string): string {
  return text.replace(/[\uE000-\uE007]/g, (c) => RESTORED[c] as string);
}

/** Escapes text for GIFT; line breaks become `\n` so a question never holds a blank line. */
export function escapeGift(text: string): string {
  return text.replace(/[\\~=#{}:]/g, '\\$&').replace(/\r?\n/g, '\\n');
}
