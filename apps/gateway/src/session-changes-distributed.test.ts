import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout, readTestSettings } from '@questa/config';
import {
  questaHttp,
  signInOverHttp,
  startDistributedQuesta,
  until,
  type DistributedQuesta,
} from './testing';

const PASSWORD = 'practice-makes-perfect';
const { databaseUrl } = readTestSettings();
if (!databaseUrl) {
  console.warn(
    'DATABASE_URL is not set: session changes across API processes (session-changes-distributed.test.ts) are skipped; they need a PostgreSQL server.',
  );
}

/**
 * Every API process keeps what a session shows (roles, memberships, plan) for a few seconds. A
 * change made through one process must show on the others at once, not when their copy expires:
 * an admin granting a role on one process, the person's next request on another.
 */
describe.skipIf(!databaseUrl)('session changes across API processes', () => {
  let questa: DistributedQuesta;

  beforeAll(async () => {
    questa = await startDistributedQuesta({
      adminDatabaseUrl: databaseUrl!,
      apiProcesses: 2,
      env: { LOG_LEVEL: 'warn' },
    });
  }, loadScaledTimeout(240_000));
  afterAll(() => questa?.stop());

  it('shows a role granted through one process on the other at the next request', async () => {
    const [first, second] = questa.apis;
    const onFirst = questaHttp(first!.url, questa.url);
    const onSecond = questaHttp(second!.url, questa.url);
    const learner = await signInOverHttp(questa.url, 'learner@questa.test', PASSWORD);
    const admin = await signInOverHttp(questa.url, 'admin@questa.test', PASSWORD);
    const rolesOn = async (call: typeof onFirst) =>
      (await call<{ user: { id: string; roles: string[] } }>(learner, 'GET', '/api/session')).body
        .user;

    // The first process now holds the learner's session, roles and all, in its cache.
    const before = await rolesOn(onFirst);
    expect(before.roles).not.toContain('admin');

    const granted = await onSecond(admin, 'PUT', `/api/admin/users/${before.id}/roles/admin`);
    expect(granted.status).toBe(204);
    // Within a second, well inside the five seconds the first process would keep its copy.
    const startedAt = Date.now();
    await until(async () => (await rolesOn(onFirst)).roles.includes('admin'), 'the new role', 1500);
    console.log(
      `A role granted on ${second!.name} showed on ${first!.name} after ${Date.now() - startedAt} ms.`,
    );

    expect(
      (await onSecond(admin, 'DELETE', `/api/admin/users/${before.id}/roles/admin`)).status,
    ).toBe(204);
  });
});
