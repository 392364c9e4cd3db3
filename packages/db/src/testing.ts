import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readTestSettings } from '@questa/config';
import { openDatabase, type Database } from './connection';

export interface TestDatabase {
  database: Database;
  /** The URL of the throwaway PostgreSQL database, when the engine is postgres. */
  url: string | undefined;
  /** Closes the connection and drops the throwaway database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by DATABASE_URL (dropped again by `dispose`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const settings = readTestSettings();
  if (settings.engine === 'pglite' || !settings.databaseUrl) {
    const database = await openDatabase({});
    return { database, url: undefined, dispose: () => database.close() };
  }
  const throwaway = await createServerDatabase(settings.databaseUrl);
  const database = await openDatabase({ databaseUrl: throwaway.url, maxConnections: 5 });
  return {
    database,
    url: throwaway.url,
    async dispose() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * A new, empty database on the PostgreSQL server that `adminUrl` names, for tests and benchmarks
 * that start Questa's processes on it. `drop` removes it even while connections remain.
 */
export async function createServerDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `questa_test_${randomBytes(6).toString('hex')}`;
  const asAdmin = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(`drop database if exists ${name} with (force)`),
  };
}

/**
 * A database of the given name on the PostgreSQL server that `adminUrl` names, created when
 * missing and left in place by `dispose`, for a bench that seeds a large data set once and
 * measures it again after a change. `fresh` says whether it was just created; `drop` removes it.
 */
export async function keptServerDatabase(
  adminUrl: string,
  name: string,
): Promise<TestDatabase & { fresh: boolean; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let fresh = false;
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`);
      fresh = true;
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    database,
    url: url.toString(),
    fresh,
    dispose: () => database.close(),
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
