import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServerDatabase } from '@questa/db/testing';
import { makeUpSandboxKeys } from '@questa/payments-sandbox';
import { API_REPLICAS, type ClusterSettings } from '../cluster/plan';
import { freePort } from '../cluster/processes';
import { startCluster, type RunningCluster } from '../cluster/run-cluster';
import { removeRedisKeys } from './redis-keys';
import { LIMITS_FOR_TEST_LOAD } from './start-questa';

/** The machine's Redis (docs/architecture.md); each run keeps its keys under a prefix of its own. */
const MACHINE_REDIS = 'redis://127.0.0.1:6379';

/** Where Debian and a source build put HAProxy; undefined when neither has it. */
export const haproxyPath = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((file) =>
  existsSync(file),
);

/** Why the cluster cannot start here, or undefined when it can. */
export function clusterUnavailable(databaseUrl: string | undefined): string | undefined {
  if (!databaseUrl) return 'DATABASE_URL is not set (a cluster needs a PostgreSQL server)';
  if (!haproxyPath) return 'HAProxy is not installed (apt-get install haproxy)';
  return undefined;
}

export interface QuestaCluster extends RunningCluster {
  /** The one outbox every process writes its mail into: `readOutbox` reads it. */
  outbox: string;
  /** Every line the processes printed, each after its process's name. */
  output(): string;
  /** Processes that ended while nobody stopped them, as `name: code or signal`. */
  unexpectedExits: string[];
  /** Stops every process, drops the run's database and removes its Redis keys and folders. */
  stop(): Promise<void>;
}

/**
 * `npm run start:cluster` for a test: the cluster plan's processes (apps/gateway/src/cluster) on
 * loopback ports, on a database created for the run on the PostgreSQL server `adminDatabaseUrl`
 * names and on Redis under a key prefix of the run's own, HAProxy in front with
 * deploy/haproxy.cfg. Its `url` is HAProxy's, the origin browsers use.
 */
export async function startQuestaCluster(options: {
  adminDatabaseUrl: string;
  redisUrl?: string;
  /** More settings for every process, e.g. a log level. */
  env?: Record<string, string>;
  /** Main-API processes to run, of the API_REPLICAS HAProxy names; all unless set. */
  apiProcesses?: number;
}): Promise<QuestaCluster> {
  if (!haproxyPath) throw new Error('HAProxy is not installed (apt-get install haproxy)');
  const redisUrl = options.redisUrl ?? MACHINE_REDIS;
  const redisKeyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  const database = await createServerDatabase(options.adminDatabaseUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-cluster-'));
  const lines: string[] = [];
  const unexpectedExits: string[] = [];

  const cleanUp = async () => {
    const steps = await Promise.allSettled([
      database.drop(),
      removeRedisKeys(redisUrl, redisKeyPrefix),
      rm(dataDir, { recursive: true, force: true }),
    ]);
    const failed = steps.find((step) => step.status === 'rejected');
    if (failed) throw failed.reason;
  };

  try {
    const apis = Array.from({ length: API_REPLICAS }, (_, i) => `api-${i + 1}`);
    const names = ['identity', 'question-db', 'payments-sandbox', ...apis, 'web'];
    const ports = new Map<string, number>();
    for (const name of [...names, 'haproxy', 'stats']) ports.set(name, await freePort());
    const settings: ClusterSettings = {
      publicUrl: `http://127.0.0.1:${ports.get('haproxy')}`,
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix,
      oidcClientSecret: randomBytes(24).toString('base64url'),
      sandboxKeys: makeUpSandboxKeys(),
      listenHost: '127.0.0.1',
      addressOf: (name) => ({ host: '127.0.0.1', port: ports.get(name)! }),
      dataDirOf: (_service, name) => path.join(dataDir, name),
      mailOutboxDir: path.join(dataDir, 'outbox'),
      apiProcesses: options.apiProcesses,
    };
    const cluster = await startCluster({
      settings,
      binds: {
        bind: `127.0.0.1:${ports.get('haproxy')}`,
        statsBind: `127.0.0.1:${ports.get('stats')}`,
      },
      haproxyPath,
      // An SMTP server of the developer's environment would take the mail tests read (empty is unset).
      env: { SMTP_URL: '', ...LIMITS_FOR_TEST_LOAD, ...options.env },
      onLine: (name, line) => lines.push(`${name} │ ${line}`),
      onUnexpectedExit: (name, code, signal) => unexpectedExits.push(`${name}: ${code ?? signal}`),
    });
    return {
      ...cluster,
      outbox: settings.mailOutboxDir!,
      output: () => lines.join('\n'),
      unexpectedExits,
      async stop() {
        try {
          await cluster.stop();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw new Error(`${(error as Error).message}\n${lines.join('\n')}`, { cause: error });
  }
}
