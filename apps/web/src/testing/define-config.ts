import type { ClientConfig } from '../lib/config';

// Vite's `define` injects the configuration into real builds; the test runner does not load
// vite.config.ts, so the test setup (setup.ts) provides it before any test file is loaded.
(globalThis as { __QUESTA_CONFIG__?: ClientConfig }).__QUESTA_CONFIG__ = {
  apiBase: '/api',
  questionDbBase: '/qdb/api/v1/clients',
  cdnBase: '/cdn',
  paymentClientId: 'pk_test',
};
