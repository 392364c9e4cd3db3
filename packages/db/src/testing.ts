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
  const name = `questa_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: settings.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(settings.databaseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: settings.databaseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
