import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readTestSettings } from '@questa/config';
import { openDatabase, type Database } from './connection';
import { createTestDatabase, type TestDatabase } from './testing';

/**
 * A PostgreSQL server that goes away (stopped, restarted, failed over) ends every connection,
 * including one a request holds between two statements of its transaction. node-postgres then
 * emits `error` on that client, which the pool listens for only while the client is idle: unheard,
 * the event ends the process. Ending a connection's backend from another session does the same
 * thing to one connection, without stopping the shared server.
 */
describe('a connection lost while a transaction holds it', () => {
  let test: TestDatabase;
  let database: Database;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    test = await createTestDatabase();
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await database?.close();
    await test.dispose();
  });

  it.skipIf(readTestSettings().engine !== 'postgres')(
    'fails that transaction and the process goes on',
    async () => {
      database = await openDatabase({ databaseUrl: test.url, maxConnections: 2 });
      const ended = database.scriptTransaction(async (tx) => {
        const [own] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        // Another connection of the same pool ends this one's backend, as a server stop would.
        await sql`select pg_terminate_backend(${own!.pid})`.execute(database.kysely);
        // The transaction goes on to its next statement only once the connection is gone.
        for (;;) {
          await tx.query('select 1');
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      await expect(ended).rejects.toThrow();
      // The same pool serves the next request on a fresh connection.
      await expect(database.ping()).resolves.toBeUndefined();
      expect(uncaught).toEqual([]);
    },
  );
});
