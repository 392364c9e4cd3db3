import type { ClientConfig } from '../lib/config';

// Vite's `define` injects the configuration into real builds; the test runner does not load
// vite.config.ts, so tests provide it. Import this before anything that reads src/lib/config.ts.
(globalThis as { __QUESTA_CONFIG__?: ClientConfig }).__QUESTA_CONFIG__ = {
  apiBase: '/api',
  questionDbBase: '/qdb/api/v1/clients',
  cdnBase: '/cdn',
  paymentClientId: 'pk_test',
};
