import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
    const database = await openDatabase({ startFrom: await newPgliteCluster() });
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

let newCluster: Promise<Blob> | undefined;

/**
 * A copy of a new PGlite cluster for every embedded test database to start from. Making a cluster
 * (PGlite's initdb) takes about three seconds of CPU and loading a copy about one; a run of the
 * suite makes hundreds of test databases in many worker processes, so the copy is made once per
 * PGlite version and kept in the machine's temporary folder.
 */
export function newPgliteCluster(): Promise<Blob> {
  newCluster ??= (async () => {
    const file = path.join(tmpdir(), `questa-pglite-${pgliteVersion()}-new-cluster.tar`);
    const kept = await readFile(file).catch(() => undefined);
    if (kept) return new Blob([kept]);
    const pglite = await PGlite.create();
    await pglite.exec('checkpoint');
    const copy = await pglite.dumpDataDir('none');
    await pglite.close();
    // Written aside and renamed: workers that start at once each write a whole copy, and a
    // reader never sees half of one.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await copy.arrayBuffer()));
    await rename(partial, file);
    return copy;
  })();
  return newCluster;
}

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = createRequire(entry)('../package.json') as { version: string };
  return manifest.version;
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
