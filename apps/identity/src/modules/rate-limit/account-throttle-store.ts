import { Redis } from 'ioredis';
import { sql } from '@questa/db';
import type { IdentityDb } from '../../identity-db';
import type { FailureRecord } from './account-throttle-policy';

/** Failed sign-ins per account, shared by every identity process. */
export interface AccountThrottleStore {
  read(key: string): Promise<FailureRecord | undefined>;
  /** Counts a failure at `now` and returns the record; a stale record starts again at one. */
  fail(key: string, now: number, forgetAfterMs: number): Promise<FailureRecord>;
  /** True for the first caller in a period: that one mails the owner. */
  claimNotice(key: string, now: number, periodMs: number): Promise<boolean>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Rows in the provider's own schema; one statement per step, never held across a call. */
export function createDatabaseThrottleStore(db: IdentityDb): AccountThrottleStore {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    async read(key) {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select(['failures', 'last_failure_at'])
        .where('account_key', '=', key)
        .executeTakeFirst();
      return row && { failures: row.failures, lastFailureAt: Date.parse(row.last_failure_at) };
    },
    async fail(key, now, forgetAfterMs) {
      const staleBefore = iso(now - forgetAfterMs);
      const row = await db
        .insertInto('sign_in_throttle')
        .values({ account_key: key, failures: 1, last_failure_at: iso(now) })
        .onConflict((conflict) =>
          conflict.column('account_key').doUpdateSet({
            failures: sql<number>`case when sign_in_throttle.last_failure_at < ${staleBefore}::timestamptz then 1 else sign_in_throttle.failures + 1 end`,
            last_failure_at: iso(now),
          }),
        )
        .returning(['failures', 'last_failure_at'])
        .executeTakeFirstOrThrow();
      return { failures: row.failures, lastFailureAt: Date.parse(row.last_failure_at) };
    },
    async claimNotice(key, now, periodMs) {
      const claimed = await db
        .updateTable('sign_in_throttle')
        .set({ noticed_at: iso(now) })
        .where('account_key', '=', key)
        .where((where) =>
          where.or([
            where('noticed_at', 'is', null),
            where('noticed_at', '<', iso(now - periodMs)),
          ]),
        )
        .executeTakeFirst();
      return claimed.numUpdatedRows > 0n;
    },
    async clear(key) {
      await db.deleteFrom('sign_in_throttle').where('account_key', '=', key).execute();
    },
    async close() {},
  };
}

/** A hash per account in Redis, expiring with the record; the notice is a key set only once. */
export function createRedisThrottleStore(options: {
  redis: string;
  keyPrefix: string;
}): AccountThrottleStore {
  const redis = new Redis(options.redis, {
    // Fail fast instead of queueing sign-ins while Redis is away.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    lazyConnect: true,
  });
  // Each failed command reaches its caller, which answers 503; the client's own error events would
  // only repeat that in the log.
  redis.on('error', () => {});
  const record = (key: string) => `${options.keyPrefix}account:${key}`;
  const notice = (key: string) => `${options.keyPrefix}notice:${key}`;
  return {
    async read(key) {
      const [failures, last] = await redis.hmget(record(key), 'failures', 'last');
      if (failures === null || last === null) return undefined;
      return { failures: Number(failures), lastFailureAt: Number(last) };
    },
    async fail(key, now, forgetAfterMs) {
      // The record expires a day after its last failure, so a stale one is simply gone.
      const replies = await redis
        .multi()
        .hincrby(record(key), 'failures', 1)
        .hset(record(key), 'last', String(now))
        .pexpire(record(key), forgetAfterMs)
        .exec();
      const [error, failures] = replies?.[0] ?? [new Error('Redis discarded the transaction')];
      if (error) throw error;
      return { failures: Number(failures), lastFailureAt: now };
    },
    async claimNotice(key, _now, periodMs) {
      return (await redis.set(notice(key), '1', 'PX', periodMs, 'NX')) === 'OK';
    },
    async clear(key) {
      await redis.del(record(key));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
