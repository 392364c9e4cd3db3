import { availableParallelism } from 'node:os';
import type { ImportFormat } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { ParseResult } from '@questa/question-formats';
import { Piscina } from 'piscina';
import type { ParseTask } from './parse-worker';

/** Reads import files away from the thread that answers requests. */
export interface ImportParser {
  parse(format: ImportFormat, bytes: Uint8Array): Promise<ParseResult>;
  close(): Promise<void>;
}

// The largest honest file (20 MB, 10,000 questions) parses in a few seconds; a file still being
// read after this long is a pathological one or a server too busy to serve it now.
export const PARSE_TIMEOUT_MS = 60_000;

const busy = () =>
  new HttpProblem('unavailable', {
    detail: 'The server is busy reading other import files. Please try again shortly.',
    retryAfter: 10,
  });

/**
 * A small pool of worker threads that parse import files, so inflating a package or validating
 * ten thousand questions never stalls the requests of everyone else on the process. Threads start
 * on the first import and end when idle; a full queue or a parse past its time answers 503.
 */
export function createParsePool(
  options: { maxThreads?: number; timeoutMs?: number } = {},
): ImportParser {
  const pool = new Piscina<ParseTask, ParseResult>({
    filename: new URL('./parse-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: options.maxThreads ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
    idleTimeout: 30_000,
    maxQueue: 'auto',
  });
  const timeoutMs = options.timeoutMs ?? PARSE_TIMEOUT_MS;

  return {
    async parse(format, bytes) {
      // A copy of its own, so the file's memory moves to the worker instead of being cloned.
      const own = new Uint8Array(bytes);
      try {
        return await pool.run(
          { format, bytes: own },
          { transferList: [own.buffer], signal: AbortSignal.timeout(timeoutMs) },
        );
      } catch (error) {
        if (error instanceof Error && error.message === 'Task queue is at limit') throw busy();
        if (error instanceof Error && error.name === 'AbortError') {
          throw new HttpProblem('unavailable', {
            detail: `Reading the file took longer than ${timeoutMs / 1000} s; nothing was imported. Try again, or split the file.`,
            retryAfter: 30,
          });
        }
        throw error;
      }
    },
    close: () => pool.close({ force: true }),
  };
}
