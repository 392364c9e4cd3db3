import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ConnectionLock, type ConnectionWaitTimeoutError } from './connection-lock';
import { TimedPGliteDialect } from './pglite-dialect';

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite engine is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; absent means an in-memory PGlite (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this copy of a data folder (`dumpDataDir`) instead of making
   * a new cluster, which takes seconds of CPU: tests start every fresh database from one copy.
   */
  startFrom?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  onPoolError?: (error: Error) => void;
  /**
   * Embedded engine: how long a query may wait for the one connection before it fails (503)
   * instead of hanging. PostgreSQL's pool has its own connection time-out.
   */
  connectionWaitMs?: number;
  /** Embedded engine: told each time a wait for the connection ran out, for the log. */
  onConnectionWaitTimeout?: (error: ConnectionWaitTimeoutError) => void;
  /** Told how long each query or transaction waited for its connection, for the metrics. */
  onConnectionWait?: (waitedMs: number) => void;
}

/** The connections a process holds to its database, as the metrics report them. */
export interface PoolState {
  /** Connections open (the embedded engine has one). */
  open: number;
  /** Of those, in use by a query or transaction. */
  busy: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  max: number;
}

export interface Database {
  engine: 'pglite' | 'postgres';
  /** Untyped at this level: each service narrows it to its own tables with `withSchema`. */
  kysely: Kysely<unknown>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Runs `work` in one transaction on one connection that can also execute multi-statement SQL
   * scripts, which the query builder's prepared statements cannot. Migrations need both.
   */
  scriptTransaction<T>(work: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  poolState(): PoolState;
  /**
   * The embedded database's files as PGlite's tarball, taken between transactions holding the
   * one connection, so no transaction is half in it. Absent for PostgreSQL (pg_dump backs it up)
   * and for an in-memory PGlite.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface ScriptTransaction {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  exec(script: string): Promise<void>;
}

// Dates, numerics and bigints come back as strings from both engines; services convert them at
// the repository edge so both engines behave the same.
const asText = (value: string) => value;
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options);
}

/** Long enough for the largest import to commit; short enough that a stall is seen and recovers. */
const DEFAULT_CONNECTION_WAIT_MS = 15_000;

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { dataDir } = options;
  const pglite = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    parsers: { [TIMESTAMPTZ]: asText, [TIMESTAMP]: asText, [INT8]: asText },
    ...(!dataDir && options.startFrom && { loadDataDir: options.startFrom }),
  });
  const lock = new ConnectionLock(
    options.connectionWaitMs ?? DEFAULT_CONNECTION_WAIT_MS,
    options.onConnectionWaitTimeout,
    options.onConnectionWait,
  );
  const kysely = new Kysely<unknown>({ dialect: new TimedPGliteDialect(pglite, lock) });
  let closed = false;
  return {
    engine: 'pglite',
    kysely,
    async ping(timeoutMs = 2000) {
      if (closed) throw Object.assign(new Error('PGlite is closed'), { code: 'ECONNREFUSED' });
      await withTimeout(sql`select 1`.execute(kysely), timeoutMs);
    },
    scriptTransaction: (work) =>
      lock.run(() =>
        pglite.transaction((tx) =>
          work({
            query: async <Row>(text: string, params?: unknown[]) =>
              (await tx.query<Row>(text, params)).rows,
            exec: async (script) => {
              await tx.exec(script);
            },
          }),
        ),
      ),
    poolState: () => ({ open: 1, busy: lock.held ? 1 : 0, waiting: lock.waiting, max: 1 }),
    ...(dataDir && {
      dumpDataDir: () =>
        lock.run(async () => {
          // Writes every committed change into the data files, so the copy needs no WAL replay
          // from a point PGlite may not have flushed.
          await pglite.exec('checkpoint');
          return pglite.dumpDataDir('none');
        }),
    }),
    async close() {
      if (closed) return;
      closed = true;
      await kysely.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: (oid, format) =>
        oid === TIMESTAMPTZ || oid === TIMESTAMP || oid === INT8
          ? asText
          : pg.types.getTypeParser(oid, format),
    },
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens for that only while a client is idle. A client a transaction holds between
  // two statements emits the same `error` when its server goes away, and unheard it would end
  // the process; the statement that uses the client next fails and reports it instead.
  pool.on('connect', (client) => client.on('error', ignoreLostConnection));
  const onWait = options.onConnectionWait;
  // Kysely asks the pool for a connection per query and per transaction: timing that ask is the
  // pool's wait, which is what grows first when the pool is too small for the load.
  const timedPool = onWait
    ? {
        connect: async () => {
          const started = performance.now();
          const connection = await pool.connect();
          onWait(performance.now() - started);
          return connection;
        },
        end: () => pool.end(),
        options: pool.options,
      }
    : pool;
  const kysely = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: timedPool }) });
  const max = options.maxConnections ?? 10;
  return {
    engine: 'postgres',
    kysely,
    async ping(timeoutMs = 2000) {
      await withTimeout(sql`select 1`.execute(kysely), timeoutMs);
    },
    async scriptTransaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async <Row>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as Row[],
          // Without parameters pg uses the simple protocol, which accepts several statements.
          exec: async (script) => {
            await client.query(script);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    poolState: () => ({
      open: pool.totalCount,
      busy: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    async close() {
      await kysely.destroy();
    },
  };
}

function ignoreLostConnection(): void {}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(Object.assign(new Error('Database did not answer in time'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
