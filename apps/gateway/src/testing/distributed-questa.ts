import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServerDatabase } from '@questa/db/testing';
import { startLoopbackBalancer } from './loopback-balancer';
import { removeRedisKeys } from './redis-keys';
import {
  freePort,
  LIMITS_FOR_TEST_LOAD,
  spawnEntry,
  stopChild,
  waitForHealth,
} from './start-questa';

/** The machines' Redis (docs/architecture.md); a test that takes Redis away brings its own. */
const MACHINE_REDIS = 'redis://127.0.0.1:6379';

export interface QuestaProcess {
  /** `api-1`, `api-2`, …, `question-db`, `identity`. */
  name: string;
  /** The process itself, past the load balancer: to connect a player to one process on purpose. */
  url: string;
  output(): string;
  /** False once the process has exited: killed, stopped or crashed. */
  running(): boolean;
  /** Ends the process at once (SIGKILL), as a crash or a pulled plug would. */
  kill(): Promise<void>;
  stop(): Promise<number | null>;
}

export interface DistributedQuesta {
  /**
   * The one origin browsers use: a loopback load balancer that sends `/api` and `/qdb` to the
   * running API processes in turn, `/idp` to the identity provider and `/cdn` to the question
   * database, as README's "Running the services apart" describes. Every process has it as its
   * PUBLIC_URL, so a client that talks to one API process directly sends it as its `Origin`.
   */
  url: string;
  apis: QuestaProcess[];
  questionDb: QuestaProcess;
  identity: QuestaProcess;
  /** The database created for this run (dropped by `stop`). */
  databaseUrl: string;
  redisUrl: string;
  /** Every key and stream this run keeps in Redis starts with it (removed by `stop`). */
  redisKeyPrefix: string;
  /** Starts one more API process, e.g. to replace one a test killed. */
  startApi(): Promise<QuestaProcess>;
  /**
   * Starts a question database again on the first one's port and media, e.g. after a test
   * stopped it: the API processes find it where they were told it is.
   */
  startQuestionDb(): Promise<QuestaProcess>;
  /** What every process printed, for the message of a failed test or benchmark. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Questa as it runs apart (README, "Running the services apart"), on loopback: one question
 * database, one identity provider and `apiProcesses` main-API processes, each started as its
 * workspace's `npm start` does, all on one database created for the run on the PostgreSQL server
 * `adminDatabaseUrl` names and on one Redis under a key prefix of the run's own. The demo banks
 * and accounts are written first by the one-process start (`npm start`) on the same database, as
 * a first start would; the separate processes never write demo content themselves.
 */
export async function startDistributedQuesta(options: {
  adminDatabaseUrl: string;
  apiProcesses?: number;
  redisUrl?: string;
  /** More settings for every process, e.g. a log level. */
  env?: Record<string, string>;
}): Promise<DistributedQuesta> {
  const redisUrl = options.redisUrl ?? MACHINE_REDIS;
  const redisKeyPrefix = `questa-test:${randomBytes(6).toString('hex')}:`;
  const database = await createServerDatabase(options.adminDatabaseUrl);
  const dirs: string[] = [];
  const processes: QuestaProcess[] = [];
  const apis: QuestaProcess[] = [];
  let questionDbPort = 0;
  let identityPort = 0;
  let mediaDir = '';

  // The balancer spreads requests over the API processes still running, as a health-checking
  // load balancer would once it noticed one had gone.
  let turn = 0;
  const balancer = await startLoopbackBalancer((requestPath) => {
    if (requestPath.startsWith('/idp')) return identityPort || undefined;
    if (requestPath.startsWith('/cdn')) return questionDbPort || undefined;
    const running = apis.filter((api) => api.running());
    if (running.length === 0) return undefined;
    return portOf(running[turn++ % running.length]!);
  });

  const shared = {
    ...LIMITS_FOR_TEST_LOAD,
    ...options.env,
    DATABASE_URL: database.url,
    PUBLIC_URL: balancer.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    // Both ends of the main API's registration at the identity provider; made up per run.
    OIDC_CLIENT_SECRET: randomBytes(24).toString('base64url'),
    HOST: '127.0.0.1',
  };
  const notInherited = ['OIDC_ISSUER', 'QDB_URL', 'S3_BUCKET', 'SMTP_URL'];

  async function launch(
    name: string,
    entry: string,
    healthPath: string,
    env: Record<string, string> = {},
    port?: number,
  ) {
    port ??= await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), `questa-apart-${name}-`));
    dirs.push(dataDir);
    const url = `http://127.0.0.1:${port}`;
    const { child, output, exited } = spawnEntry(
      entry,
      { ...shared, PORT: String(port), QUESTA_DATA_DIR: dataDir, ...env },
      notInherited,
    );
    const running: QuestaProcess = {
      name,
      url,
      output,
      running: () => child.exitCode === null && child.signalCode === null,
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      stop: () => stopChild(child),
    };
    processes.push(running);
    await waitForHealth(url, child, output, healthPath);
    return running;
  }

  // Counted when a start begins: processes started together would otherwise share a name.
  let apiStarts = 0;
  async function startApi() {
    const api = await launch(`api-${++apiStarts}`, 'apps/api/src/server.ts', '/api/health', {
      QDB_URL: `http://127.0.0.1:${questionDbPort}/qdb/api/v1`,
    });
    apis.push(api);
    return api;
  }

  const startQuestionDb = () =>
    launch(
      'question-db',
      'apps/question-db/src/server.ts',
      '/qdb/api/v1/health',
      { QUESTA_DATA_DIR: mediaDir },
      questionDbPort || undefined,
    );

  async function stop() {
    await Promise.all(processes.map((running) => running.stop()));
    // Every step runs even if one before it failed; the first failure is reported.
    const steps = await Promise.allSettled([
      balancer.close(),
      database.drop(),
      removeRedisKeys(redisUrl, redisKeyPrefix),
      ...dirs.map((dir) => rm(dir, { recursive: true, force: true })),
    ]);
    const failed = steps.find((step) => step.status === 'rejected');
    if (failed) throw failed.reason;
  }

  try {
    // The question database serves media from its data folder: the first start writes them there.
    mediaDir = await mkdtemp(path.join(tmpdir(), 'questa-apart-media-'));
    dirs.push(mediaDir);
    await writeFirstStartContent(database.url, mediaDir);

    const [identity, questionDb] = await Promise.all([
      launch('identity', 'apps/identity/src/server.ts', '/idp/health'),
      startQuestionDb(),
    ]);
    identityPort = portOf(identity);
    questionDbPort = portOf(questionDb);
    await Promise.all(Array.from({ length: options.apiProcesses ?? 2 }, () => startApi()));
    return {
      url: balancer.url,
      apis,
      questionDb,
      identity,
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix,
      startApi,
      startQuestionDb,
      output: () =>
        processes.map((running) => `--- ${running.name}\n${running.output()}`).join('\n'),
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

const portOf = (running: QuestaProcess) => Number(new URL(running.url).port);

/**
 * The cluster's first start (apps/gateway/src/first-start.ts) on the run's database: it runs
 * `npm start` once, which migrates every service's schema and writes the demo banks, accounts
 * and the author's membership, with the media in `dataDir`.
 */
async function writeFirstStartContent(databaseUrl: string, dataDir: string) {
  const { output, exited } = spawnEntry(
    'apps/gateway/src/first-start.ts',
    { DATABASE_URL: databaseUrl, QUESTA_DATA_DIR: dataDir },
    ['REDIS_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'QDB_URL', 'S3_BUCKET'],
  );
  const code = await exited;
  if (code !== 0) throw new Error(`The first start exited with ${code}:\n${output()}`);
}
