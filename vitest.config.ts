import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vitest/config';
// Relative with extensions: config loaders bundle relative imports only, and natively need extensions.
import { loadScaledTimeout, readTestSettings } from './packages/config/src/index.ts';

const settings = readTestSettings();
// Starting a server or migrating a database in `beforeAll` slows with the machine's load; the
// test bodies keep their fixed backstop.
const hookTimeout = loadScaledTimeout(60_000);
const serverTests = [
  'packages/*/src/**/*.test.ts',
  'apps/api/src/**/*.test.ts',
  'apps/question-db/src/**/*.test.ts',
  'apps/identity/src/**/*.test.ts',
  'apps/gateway/src/**/*.int.test.ts',
  'apps/payments-sandbox/src/**/*.test.ts',
];
/**
 * The gateway's other tests start Questa's real processes (and some a PostgreSQL, a Redis or
 * HAProxy of their own) and time how they recover from faults: they run one at a time, after
 * everything else, so that what they time is Questa and not a neighbouring test.
 */
const processTests = ['apps/gateway/src/**/*.test.ts'];
const processTestsExclude = ['apps/gateway/src/**/*.int.test.ts'];

/**
 * A locale file cut for a page (`en.json?page=app-first`, cut by apps/web/vite.config.ts) is the
 * whole file in tests: a component test renders a page without the route that loads the rest.
 */
const wholeCatalogues: Plugin = {
  name: 'questa-whole-catalogues',
  enforce: 'pre',
  load: {
    filter: { id: /\.json\?(?:.*&)?page=/ },
    async handler(id) {
      return `export default ${await readFile(id.split('?')[0] ?? '', 'utf8')};`;
    },
  },
};

// Integration tests (`*.int.test.ts`) run on embedded PGlite always, and a second time on the
// PostgreSQL server when DATABASE_URL names one, so both engines stay supported.
//
// The server projects run their files one after another in each worker without a fresh module
// graph per file (`isolate: false`): importing the services afresh for every file was most of
// their time (the node project: 618 s isolated, 216 s not, on 2 cores). A server test therefore
// leaves nothing process-wide behind: it closes what it opens, restores real timers, and stops
// tracing if it started it. The web and processes projects stay isolated.
export default defineConfig({
  test: {
    // Most files wait on a database, a socket or a child process as much as on the CPU: even on
    // two cores, two files side by side finish the suite far sooner than one (the default there).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [wholeCatalogues],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'node',
          include: serverTests,
          env: { QUESTA_TEST_ENGINE: 'pglite' },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout,
        },
      },
      ...(settings.databaseUrl
        ? [
            {
              test: {
                name: 'postgres',
                include: serverTests.map((glob) => glob.replace('*.test.ts', '*.int.test.ts')),
                env: { QUESTA_TEST_ENGINE: 'postgres' },
                isolate: false,
                testTimeout: 30_000,
                hookTimeout,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'processes',
          include: processTests,
          exclude: processTestsExclude,
          env: { QUESTA_TEST_ENGINE: 'pglite' },
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout,
        },
      },
    ],
  },
});
