import { readdir, readFile } from 'node:fs/promises';
import type { Database } from './connection';

export interface MigrationResult {
  applied: string[];
}

const migrationFile = /^\d{4}_[a-z0-9_]+\.sql$/;
const schemaName = /^[a-z_][a-z0-9_]*$/;

/**
 * Applies the plain SQL files of one service's schema in name order, each in its own transaction,
 * and records them so a second run does nothing. A transaction-scoped advisory lock keeps two
 * processes starting at once from applying the same file twice.
 */
export async function migrate(
  database: Database,
  schema: string,
  directory: URL,
): Promise<MigrationResult> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const files = (await readdir(directory)).filter((name) => migrationFile.test(name)).sort();
  const applied: string[] = [];
  for (const name of files) {
    const body = await readFile(new URL(name, directory), 'utf8');
    const ran = await database.scriptTransaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`questa:${schema}`]);
      await tx.exec(`create schema if not exists "${schema}";
        create table if not exists "${schema}".schema_migrations (
          name text primary key,
          applied_at timestamptz not null default now()
        );`);
      const done = await tx.query(`select 1 from "${schema}".schema_migrations where name = $1`, [
        name,
      ]);
      if (done.length > 0) return false;
      await tx.exec(`set local search_path to "${schema}", public;\n${body}`);
      await tx.query(`insert into "${schema}".schema_migrations (name) values ($1)`, [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return { applied };
}
