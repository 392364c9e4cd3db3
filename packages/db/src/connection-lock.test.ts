import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './connection';
import { ConnectionWaitTimeoutError } from './connection-lock';
import { isUnavailableError } from './errors';
import { newPgliteCluster } from './testing';

describe('the embedded database’s one connection', () => {
  // A short limit where a time-out is the point; the default elsewhere, so a busy machine
  // cannot make an ordinary wait run out.
  let impatient: Database;
  let database: Database;
  const timeouts: ConnectionWaitTimeoutError[] = [];

  beforeAll(async () => {
    impatient = await openDatabase({
      connectionWaitMs: 300,
      onConnectionWaitTimeout: (error) => timeouts.push(error),
    });
    database = await openDatabase({ startFrom: await newPgliteCluster() });
  });
  afterAll(async () => {
    await impatient?.close();
    await database?.close();
  });

  const selectOne = async (on = database) =>
    (await sql<{ one: number }>`select 1 as one`.execute(on.kysely)).rows[0]?.one;

  it('fails a query that waits too long behind a transaction, says why, and recovers', async () => {
    let finish: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (finish = resolve));
    let started: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (started = resolve));
    // A transaction that waits on something outside the database, as a call to another
    // service in this process would.
    const transaction = impatient.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      started();
      await waiting;
    });
    await inside;

    const error = await selectOne(impatient).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionWaitTimeoutError);
    expect(isUnavailableError(error)).toBe(true);
    expect((error as Error).message).toMatch(/only connection has been busy for \d+\.\d s/);
    expect(timeouts).toHaveLength(1);

    finish();
    await transaction;
    expect(await selectOne(impatient)).toBe(1);
  });

  it('serves waiting queries in turn once the connection is free', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => selectOne()));
    expect(results).toEqual(Array.from({ length: 20 }, () => 1));
  });

  it('runs migration scripts under the same lock', async () => {
    const [inScript, outside] = await Promise.all([
      database.scriptTransaction((tx) => tx.query<{ one: number }>('select 1 as one')),
      selectOne(),
    ]);
    expect(inScript).toEqual([{ one: 1 }]);
    expect(outside).toBe(1);
  });
});
