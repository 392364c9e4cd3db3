import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTestSettings } from '@questa/config';

/**
 * Test data taken from public repositories (the real-file corpus, 1EdTech's QTI schemas) is not
 * Questa's to redistribute, so it lives in `shared/` beside the repository, never in it.
 */
export const SHARED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared');

/**
 * The folder `relative` under `root` when it is there. Without it the tests that read it are
 * skipped with a note naming what is missing, except under CI, where its absence is a failure.
 */
export function sharedTestData(
  relative: string,
  what: string,
  { root = SHARED_DIR, ci = readTestSettings().ci }: { root?: string; ci?: boolean } = {},
): string | undefined {
  const folder = resolve(root, relative);
  if (existsSync(folder)) return folder;
  const note = `No ${what} at ${folder}`;
  if (ci) throw new Error(`${note}; CI runs these tests, so it must be there.`);
  console.warn(`${note}: its tests are skipped.`);
  return undefined;
}

/** One format's folder of the real-file corpus, e.g. `corpusFolder('gift')`. */
export const corpusFolder = (format: 'gift' | 'moodle-xml' | 'qti' | 'aiken') =>
  sharedTestData(`question-corpus/${format}`, `${format} corpus`);
