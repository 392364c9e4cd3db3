import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './connection';
import { newPgliteCluster } from './testing';

describe('embedded test databases started from one copy of a new cluster', () => {
  const opened: Database[] = [];
  afterAll(() => Promise.all(opened.map((database) => database.close())));

  it('are empty and do not see each other’s writes', async () => {
    const copy = await newPgliteCluster();
    const [one, other] = await Promise.all([
      openDatabase({ startFrom: copy }),
      openDatabase({ startFrom: copy }),
    ]);
    opened.push(one!, other!);
    const tables = (database: Database) =>
      sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public'`.execute(database.kysely);

    expect((await tables(one!)).rows).toEqual([]);
    await sql`create table written (id int)`.execute(one!.kysely);
    expect((await tables(one!)).rows).toEqual([{ name: 'written' }]);
    expect((await tables(other!)).rows).toEqual([]);
  });
});
