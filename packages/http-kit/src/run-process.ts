import type { FastifyInstance } from 'fastify';
import { checkRuntime, ConfigError, loadConfig, type QuestaConfig } from '@questa/config';
import { openBackupChannel, type BackupChannel } from './backup-channel';
import { databasePoolMetrics } from './metrics';
import { startTracing, stopTracing } from './tracing';
import {
  DataDirError,
  isUnavailableError,
  migrate,
  openDatabase,
  prepareDataDir,
  type Database,
  type DataDirLock,
} from '@questa/db';

export interface ServiceSchema {
  schema: string;
  migrations: URL;
}

export interface ProcessPlan {
  /** Used in messages: "Questa", "Questa API", … */
  title: string;
  schemas: ServiceSchema[];
  /** Runs once the database is migrated; returns the server to listen with. */
  build(context: { config: QuestaConfig; database: Database }): Promise<FastifyInstance>;
  /** Extra lines printed under the URL once the server listens. */
  banner?: (config: QuestaConfig) => string[];
  /** Runs before anything opens, e.g. building the web client. */
  prepare?: (config: QuestaConfig) => Promise<void>;
}

/** A start-up failure already phrased for the operator. */
class StartError extends Error {}

/**
 * Starts a Questa process: settings, data folder, database, migrations, then the server. Any
 * failure on the way prints one sentence and exits 1; SIGINT and SIGTERM drain in-flight
 * requests, close the database and release the data folder within the shutdown timeout.
 */
export async function runProcess(plan: ProcessPlan): Promise<void> {
  let config: QuestaConfig;
  try {
    checkRuntime();
    config = loadConfig();
  } catch (error) {
    return fail(plan.title, error);
  }

  const databaseMetrics = databasePoolMetrics();
  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let server: FastifyInstance | undefined;
  let backupChannel: BackupChannel | undefined;
  const cleanup = async () => {
    await stopTracing();
    await backupChannel?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await lock?.release().catch(() => undefined);
  };

  try {
    // The data folder holds media and, without DATABASE_URL, the database itself.
    if (config.tracing) {
      startTracing({
        endpoint: config.tracing.endpoint,
        serviceName:
          config.tracing.serviceName ?? plan.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      });
    }
    lock = await prepareDataDir(config.dataDir);
    await plan.prepare?.(config);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (error) =>
        console.warn(`${plan.title}: database connection lost (${error.message}).`),
      connectionWaitMs: config.databaseWaitTimeoutMs,
      onConnectionWait: databaseMetrics.observeWait,
      onConnectionWaitTimeout: (error) =>
        server
          ? server.log.error({ err: error }, error.message)
          : console.error(`${plan.title}: ${error.message}`),
    });
    databaseMetrics.watch(database);
    await waitForDatabase(database, config);
    for (const { schema, migrations } of plan.schemas) await migrate(database, schema, migrations);
    server = await plan.build({ config, database });
    await listen(server, config);
    // Only an embedded database needs Questa's help to be copied while it runs.
    if (!config.databaseUrl) backupChannel = await openBackupChannel(config.dataDir, database);
  } catch (error) {
    await server?.close().catch(() => undefined);
    await cleanup();
    return fail(plan.title, error);
  }

  announce(plan, config);
  stopOnSignals(plan.title, config, server, cleanup);
}

export interface StatelessProcessPlan {
  title: string;
  /** Returns the server to listen with; it has no database and no data folder. */
  build(config: QuestaConfig): Promise<FastifyInstance>;
  banner?: (config: QuestaConfig) => string[];
  prepare?: (config: QuestaConfig) => Promise<void>;
}

/**
 * Starts a process that keeps nothing (the web client's file server): settings, then the server,
 * with the same messages, drain and stop on SIGINT and SIGTERM as `runProcess`.
 */
export async function runStatelessProcess(plan: StatelessProcessPlan): Promise<void> {
  let config: QuestaConfig;
  let server: FastifyInstance | undefined;
  try {
    checkRuntime();
    config = loadConfig();
    await plan.prepare?.(config);
    server = await plan.build(config);
    await listen(server, config);
  } catch (error) {
    await server?.close().catch(() => undefined);
    return fail(plan.title, error);
  }
  announce(plan, config);
  stopOnSignals(plan.title, config, server, async () => undefined);
}

function announce(plan: Pick<ProcessPlan, 'title' | 'banner'>, config: QuestaConfig) {
  console.log(`\n${plan.title} is ready at ${config.publicUrl} (Node.js ${process.version})`);
  for (const line of plan.banner?.(config) ?? []) console.log(line);
}

function stopOnSignals(
  title: string,
  config: QuestaConfig,
  server: FastifyInstance,
  cleanup: () => Promise<void>,
) {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C means "now"
    stopping = true;
    server.lifecycle.stopping = true;
    if (config.shutdownDrainMs > 0) {
      // Readiness now fails; the balancer stops sending work here before the port closes, so
      // nobody is refused a connection while another process could have answered.
      console.log(
        `${title} received ${signal}; ready no more, draining for ${config.shutdownDrainMs} ms…`,
      );
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    console.log(`${title} received ${signal}; finishing requests in flight…`);
    const timer = setTimeout(() => {
      console.warn(
        `${title}: requests still running after ${config.shutdownTimeoutMs} ms; closing anyway.`,
      );
      server.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await server.close().catch(() => undefined);
    clearTimeout(timer);
    await cleanup();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

async function waitForDatabase(database: Database, config: QuestaConfig) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await database.ping(2000);
    } catch (error) {
      if (!isUnavailableError(error) || Date.now() > deadline) {
        const where = config.databaseUrl
          ? `the PostgreSQL server named by DATABASE_URL (${safeHost(config.databaseUrl)})`
          : `the embedded database in ${config.dataDir}`;
        throw new StartError(`Cannot reach ${where}: ${describe(error)}.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function listen(server: FastifyInstance, config: QuestaConfig) {
  try {
    await server.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartError(
        `Port ${config.port} is already in use; stop the other program or set PORT to a free port.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartError(
        `Port ${config.port} needs privileges this user lacks; set PORT to a number above 1023.`,
      );
    }
    throw error;
  }
}

function fail(title: string, error: unknown): never {
  const known =
    error instanceof ConfigError || error instanceof DataDirError || error instanceof StartError;
  console.error(`${title} could not start: ${known ? (error as Error).message : describe(error)}`);
  if (!known) console.error(error);
  process.exit(1);
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  return message ?? String(error);
}

function safeHost(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}`;
}
