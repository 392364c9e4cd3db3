import { availableParallelism, loadavg } from 'node:os';
import { z } from 'zod';
import { parseEnv, postgresUrl, type Env } from './env.ts';

const schema = z.object({
  // Set per Vitest project: "pglite" forces the embedded engine even when DATABASE_URL is present.
  QUESTA_TEST_ENGINE: z
    .enum(['pglite', 'postgres'], { error: 'must be pglite or postgres' })
    .optional(),
  DATABASE_URL: postgresUrl.optional(),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  CI: z.string().optional(),
  SCREENSHOTS: z.string().optional(),
});

export interface TestSettings {
  engine: 'pglite' | 'postgres';
  /** Server to create throwaway databases on when the engine is postgres. */
  databaseUrl: string | undefined;
  chromiumPath: string;
  /** Under CI a missing browser fails the end-to-end suite instead of skipping it. */
  ci: boolean;
  /** A folder where end-to-end tests save screenshots for a person to look at; none when unset. */
  screenshotDir: string | undefined;
}

export function readTestSettings(env: Env = process.env): TestSettings {
  const raw = parseEnv(schema, env);
  const engine = raw.QUESTA_TEST_ENGINE ?? (raw.DATABASE_URL ? 'postgres' : 'pglite');
  return {
    engine,
    databaseUrl: raw.DATABASE_URL,
    chromiumPath: raw.CHROMIUM_PATH,
    ci: raw.CI === 'true' || raw.CI === '1',
    screenshotDir: raw.SCREENSHOTS,
  };
}

/**
 * The environment for a child process such as a server under test: this process's own, minus
 * `unset`, plus `overrides` (which win over `unset`).
 */
export function childProcessEnv(
  overrides: Record<string, string>,
  unset: string[] = [],
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of unset) delete env[name];
  return { ...env, ...overrides };
}

/**
 * A time limit for test set-up (starting a server, migrating a database) that follows the
 * machine's load: set-up that takes 10 s on a quiet machine takes a minute when the run queue is
 * six deep, and a fixed limit turns that slowness into a red gate. The factor is read once, when
 * the test runner starts, from the one-minute load average per core, between 1 and 5.
 */
export function loadScaledTimeout(
  baseMs: number,
  load: number = loadavg()[0] ?? 0,
  cores: number = availableParallelism(),
): number {
  const factor = Math.min(5, Math.max(1, load / Math.max(1, cores)));
  return Math.round(baseMs * factor);
}

/**
 * Request limits no bench reaches (a million a minute per caller): a bench's thousands of players
 * share one address and its learners answer far faster than people, but requests are still
 * counted, so the limiter's cost stays in what is measured.
 */
export const BENCH_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_PER_SESSION: '1000000',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_PER_API_KEY: '1000000',
  RATE_LIMIT_PER_API_KEY_PAID: '1000000',
};

/** Settings that every child process this one starts from now on inherits (a bench's servers). */
export function passToChildProcesses(settings: Record<string, string>): void {
  Object.assign(process.env, settings);
}
