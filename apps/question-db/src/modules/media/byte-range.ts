import type { ByteRange } from './media-store';

/**
 * What an HTTP `Range` header asks of a file of `size` bytes: one range, clamped to the file;
 * `unsatisfiable` when it starts past the end; undefined when there is no header or one this
 * server answers with the whole file (several ranges, another unit, bad syntax), which RFC 9110
 * allows for any range it chooses not to serve.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header && /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
