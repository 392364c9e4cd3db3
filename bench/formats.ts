import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { CorpusFigures } from '@questa/question-formats/testing/corpus-figures';

type Say = (line?: string) => void;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS_TESTS = [
  'gift/corpus.test',
  'moodle-xml/corpus.test',
  'qti/corpus.test',
  'aiken/aiken.test',
].map((file) => `packages/question-formats/src/${file}`);

const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`;

/**
 * Import fidelity on the real-file corpus. The corpus tests judge every file against what Moodle's
 * importer or the QTI specification reads and leave their tallies in the test's metadata; this
 * runs them and writes the tallies out. A failing corpus test fails the bench too: a figure from a
 * test that does not hold would be a figure nobody checked.
 */
export async function benchFormats(say: Say) {
  const vitest = await startVitest('test', CORPUS_TESTS, {
    root,
    run: true,
    watch: false,
    reporters: ['dot'],
  });
  const figures: CorpusFigures[] = [];
  let failed = 0;
  for (const module of vitest.state.getTestModules()) {
    for (const test of module.children.allTests()) {
      if (test.result().state === 'failed') failed += 1;
      const found = test.meta().corpusFigures;
      if (found) figures.push(found);
    }
  }
  await vitest.close();
  if (failed > 0) throw new Error(`${failed} corpus tests failed; no figures are written.`);
  if (figures.length === 0) {
    throw new Error('The corpus tests were skipped (no ../shared/question-corpus); no figures.');
  }

  say('### Import fidelity on the real-file corpus');
  say();
  say(
    'From `shared/question-corpus` beside the repository (each file\'s source and licence in its SOURCES.md), judged by the corpus tests against what Moodle\'s importer or the QTI 3 specification reads. "Of holdable" counts questions of a type Questa has.',
  );
  say();
  say(
    '| format | files | sources | questions the reference reads | of a type Questa has | read correctly | of holdable | skipped with a named reason | silently wrong | crashes |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const f of figures) {
    say(
      `| ${f.format} | ${f.files} | ${f.sources} | ${f.questions} | ${f.holdable} | ${f.correct} | ${percent(f.correct, f.holdable)} | ${f.skipped} | ${f.silentlyWrong} | ${f.crashes} |`,
    );
  }
  say();
}
