import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from './migrate';
import { createTestDatabase, type TestDatabase } from './testing';

describe('migrate', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.dispose());

  const dir = new URL('./test-migrations/', import.meta.url);

  it('applies every file once, in order, inside the service schema', async () => {
    const first = await migrate(test.database, 'widget_service', dir);
    expect(first.applied).toEqual(['0001_first.sql', '0002_second.sql']);
    await sql`insert into widget_service.widgets (name) values ('a')`.execute(test.database.kysely);
    const rows = await sql<{ size: number }>`select size from widget_service.widgets`.execute(
      test.database.kysely,
    );
    expect(rows.rows).toEqual([{ size: 1 }]);
  });

  it('does nothing on a second run', async () => {
    const again = await migrate(test.database, 'widget_service', dir);
    expect(again.applied).toEqual([]);
  });

  it('rolls back a failing file and keeps earlier ones', async () => {
    const broken = new URL('./test-migrations-broken/', import.meta.url);
    await expect(migrate(test.database, 'broken_service', broken)).rejects.toThrow();
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'broken_service' order by 1`.execute(test.database.kysely);
    expect(tables.rows.map((r) => r.name)).toEqual(['schema_migrations', 'widgets']);
  });

  it('answers a ping', async () => {
    await expect(test.database.ping()).resolves.toBeUndefined();
  });
});
