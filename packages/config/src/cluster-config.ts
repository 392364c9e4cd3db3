import { z } from 'zod';
import { ConfigError, parseEnv, port, postgresUrl, type Env } from './env.ts';

const schema = z.object({
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]+$/, { error: 'must be letters, digits and . : _ - only' })
    .default('questa:'),
  PORT: port.default(8080),
  HOST: z.string().default('localhost'),
  HAPROXY: z.string().optional(),
  PATH: z.string().default('/usr/local/bin:/usr/bin:/bin'),
});

export interface ClusterConfig {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** HAProxy's port, the one origin browsers use; the processes behind it take the next ones. */
  port: number;
  host: string;
  /** HAProxy's executable when named; otherwise looked for in `searchPath`. */
  haproxy: string | undefined;
  searchPath: string[];
}

/**
 * Settings of `npm run start:cluster`: Questa's services as separate processes need a
 * PostgreSQL server and Redis, so both must be named; a missing one stops the start with a
 * sentence that says what to set.
 */
export function loadClusterConfig(env: Env = process.env): ClusterConfig {
  const raw = parseEnv(schema, env);
  for (const [name, value, example] of [
    ['DATABASE_URL', raw.DATABASE_URL, 'postgres://postgres@127.0.0.1:5432/questa'],
    ['REDIS_URL', raw.REDIS_URL, 'redis://127.0.0.1:6379'],
  ] as const) {
    if (!value) {
      throw new ConfigError(
        `${name} must be set: a cluster's processes share one PostgreSQL database and one Redis (for example ${name}=${example}).`,
      );
    }
  }
  return {
    databaseUrl: raw.DATABASE_URL!,
    redisUrl: raw.REDIS_URL!,
    redisKeyPrefix: raw.REDIS_KEY_PREFIX,
    port: raw.PORT,
    host: raw.HOST,
    haproxy: raw.HAPROXY,
    searchPath: [...raw.PATH.split(':').filter(Boolean), '/usr/sbin', '/usr/local/sbin'],
  };
}
