import { isDeepStrictEqual } from 'node:util';

/**
 * What one format's real-file corpus test found, per question: the figures the issue asks for,
 * computed by the same test that judges each file, and reported by `npm run bench -- formats`
 * from that test's metadata, so the figures in bench/RESULTS.md can never drift from what is
 * asserted.
 */
export interface CorpusFigures {
  format: string;
  files: number;
  sources: number;
  /** Questions the reference (Moodle's importer, or the QTI specification) reads from the files. */
  questions: number;
  /** Of those, questions of a type Questa can hold: the base of the share read correctly. */
  holdable: number;
  /** Read with everything that decides what a learner sees and what counts, as the reference. */
  correct: number;
  /** Left out with a warning or an error that names the question and the reason. */
  skipped: number;
  /** Read differently from the reference with no word about it: the worst outcome. */
  silentlyWrong: number;
  /** Files whose reading threw instead of reporting. */
  crashes: number;
}

declare module 'vitest' {
  interface TaskMeta {
    corpusFigures?: CorpusFigures;
  }
}

/**
 * Whether `actual` has every field `expected` names, with the same value (arrays of the same
 * length, compared element by element; a RegExp matches a string; an asymmetric matcher decides
 * for itself): the rule of `toMatchObject`,
 * usable for counting rather than only for failing.
 */
export function matchesSubset(actual: unknown, expected: unknown): boolean {
  if (expected instanceof RegExp) return typeof actual === 'string' && expected.test(actual);
  // vitest's asymmetric matchers (`expect.stringMatching` and the like) judge for themselves.
  const matcher = expected as { asymmetricMatch?: (value: unknown) => boolean } | null;
  if (typeof matcher?.asymmetricMatch === 'function') return matcher.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => matchesSubset(actual[index], item))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([key, value]) =>
      matchesSubset((actual as Record<string, unknown>)[key], value),
    );
  }
  return isDeepStrictEqual(actual, expected);
}

/**
 * How many repositories a corpus's SOURCES.md names in its table's Repository column: a link
 * `[owner/name](…)` or a plain `owner/name`, each counted once.
 */
export function sourcesIn(sourcesMarkdown: string): number {
  const repositories = new Set<string>();
  for (const line of sourcesMarkdown.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const cell = cells[2] ?? '';
    const name = /^\[?([\w.-]+\/[\w.-]+)\]?/.exec(cell)?.[1];
    if (name && cells[1] !== undefined && !/^-+$/.test(cell)) repositories.add(name.toLowerCase());
  }
  return repositories.size;
}
