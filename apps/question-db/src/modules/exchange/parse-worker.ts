import type { ImportFormat } from '@questa/contracts';
import { parseQuestions, type ParseResult } from '@questa/question-formats';

export interface ParseTask {
  format: ImportFormat;
  bytes: Uint8Array;
}

/** What a worker thread of the parse pool runs for one import file. */
export function parseTask({ format, bytes }: ParseTask): ParseResult {
  return parseQuestions(format, bytes);
}
