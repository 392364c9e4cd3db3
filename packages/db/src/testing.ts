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
