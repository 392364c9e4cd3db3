import { decodeUtf8 } from './text';

export const READ_AS_WINDOWS_1252 =
  'The file is not valid UTF-8, so it was read as Windows-1252 (Western European); check accented letters';

// Windows-1252 is Latin-1 except for 0x80–0x9F. Node's TextDecoder('windows-1252') decodes those
// as Latin-1 control characters (nodejs/node#56542), so the table is spelled out here. The five
// unassigned bytes stay as their Latin-1 code points, as the WHATWG encoding standard says.
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(input: Uint8Array): string {
  let text = '';
  for (const byte of input) {
    text += String.fromCharCode(byte >= 0x80 && byte < 0xa0 ? (HIGH[byte - 0x80] as number) : byte);
  }
  return text;
}

/**
 * Decodes a hand-written text file: UTF-8 first, and bytes that are not UTF-8 as Windows-1252, the
 * encoding older Windows editors in Western Europe save in. Refusing such a file would only send the
 * author off to find an editor that can re-save it; the warning asks them to check the result.
 */
export function decodeText(input: Uint8Array): { text: string; warning?: string } {
  const text = decodeUtf8(input);
  if (text !== undefined) return { text };
  return { text: decodeWindows1252(input), warning: READ_AS_WINDOWS_1252 };
}
