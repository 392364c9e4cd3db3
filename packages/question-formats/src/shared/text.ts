/** Decodes a text file as UTF-8 (a BOM is allowed); undefined when the bytes are not UTF-8. */
export function decodeUtf8(input: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return undefined;
  }
}

export const NOT_UTF8 = 'The file is not valid UTF-8 text';

export function encodeUtf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Finds the 1-based line of a character offset; built once per file so lookups stay cheap. */
export function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Percent-decoding that leaves a malformed sequence as it is instead of throwing. */
export function decodeUriPath(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
