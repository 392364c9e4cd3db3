import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Thrown when a setting is missing or invalid; its message is one sentence naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An empty variable counts as unset, so `FOO= npm start` falls back to the default. */
export function blankToUndefined(env: Env): Env {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/**
 * Parses `env` against `schema` and turns the first problem into a sentence such as
 * "PORT must be a whole number from 1 to 65535 (got "abc")."
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: Env): z.output<T> {
  const result = schema.safeParse(blankToUndefined(env));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? 'environment');
  const got = env[variable];
  const shown = got === undefined ? 'it is not set' : `got ${JSON.stringify(got)}`;
  throw new ConfigError(`${variable} ${issue?.message ?? 'is invalid'} (${shown}).`);
}

export const port = z.coerce
  .number({ error: 'must be a whole number from 1 to 65535' })
  .int({ error: 'must be a whole number from 1 to 65535' })
  .min(1, { error: 'must be a whole number from 1 to 65535' })
  .max(65535, { error: 'must be a whole number from 1 to 65535' });

export const httpUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an absolute http(s) URL',
});

export const postgresUrl = z.url({
  protocol: /^postgres(ql)?$/,
  error: 'must be a postgres:// or postgresql:// URL',
});

export const booleanFlag = z.enum(['true', 'false', '1', '0'], {
  error: 'must be true or false',
});

export const toBoolean = (value: string): boolean => value === 'true' || value === '1';
