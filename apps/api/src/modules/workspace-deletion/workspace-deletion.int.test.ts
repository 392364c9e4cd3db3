import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, SessionInfo, Workspace } from '@questa/contracts';
import { CSRF_HEADER } from '@questa/contracts';
import { sql } from '@questa/db';
import { QUESTION_DB_SCHEMA } from '@questa/question-db';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { openTestSession, TEST_ORIGIN } from '../../testing';
import { createAuditRepository } from '../audit/audit.repository';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';
import type { Learner } from '../learning/learning-test-kit';
import { createUserRepository } from '../users/user.repository';
import { createWorkspaceDeletionRepository } from './workspace-deletion.repository';
import { createWorkspaceDeletionService } from './workspace-deletion.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('deleting a workspace', () => {
  let k: ClassesKit;
  let admin: Learner;
  let learner: Learner;
  let clock = Date.now();
  const now = () => new Date(clock);

  const deletion = (clientId = k.clientId) => `/api/workspaces/${clientId}/deletion`;
  const schedule = (who: Learner, confirm = 'Learning test', clientId = k.clientId) =>
    who.call({ method: 'POST', url: deletion(clientId), payload: { confirm } });
  const keep = (who: Learner, url = deletion()) => who.call({ method: 'DELETE', url });
  const dueOf = async (who: Learner) =>
    (await who.call({ url: '/api/session' }))
      .json<SessionInfo>()
      .memberships.find((m) => m.clientId === k.clientId)?.deletionDueAt;
  /** A sweeping API process of its own on the same database and clock, as a second instance is. */
  const sweeper = () =>
    createWorkspaceDeletionService({
      deletions: createWorkspaceDeletionRepository(k.kit.db),
      audit: createAuditRepository(k.kit.db),
      auth: { accessToken: async () => '', forgetUser: () => {} },
      questionDb: createHttpQuestionDbClient({
        baseUrl: k.kit.beside.url,
        serviceToken: k.kit.beside.serviceToken,
      }),
      now,
    });
  const qdbRows = async (table: string, clientId = k.clientId) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(`${QUESTION_DB_SCHEMA}.${table}`)} where client_id = ${clientId}`.execute(
        k.kit.db,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    k = await startClassesKit({ now });
    const sub = `root-${Math.random().toString(36).slice(2)}`;
    const { cookieValue, userId } = await openTestSession(k.kit.beside.database, {
      sub,
      email: `${sub}@example.test`,
      accessToken: await k.kit.beside.issuer.sign({ sub, roles: ['admin'] }),
    });
    await createUserRepository(k.kit.db).grantRole(userId, 'admin');
    const cookie = `questa_session=${cookieValue}`;
    admin = {
      sub,
      userId,
      cookie,
      call: (request) =>
        k.kit.api.inject({
          ...request,
          headers: {
            cookie,
            ...(request.method && request.method !== 'GET'
              ? { [CSRF_HEADER]: '1', origin: TEST_ORIGIN }
              : {}),
          },
        }),
    };
    learner = await k.learner('pupil');
  });
  afterAll(async () => {
    await k?.close();
  });

  it('lets only the workspace’s owners schedule it, after typing its name or address', async () => {
    // Outsiders learn nothing, members without the role are refused, and another workspace's
    // owner cannot reach this one.
    expect((await schedule(learner)).statusCode).toBe(404);
    expect((await schedule(k.outsider)).statusCode).toBe(404);
    expect((await schedule(k.teacher)).statusCode).toBe(403);
    expect((await schedule(k.owner, 'Another school', k.otherClientId)).statusCode).toBe(404);
    // Platform admins keep a workspace but never delete one: that is its owners' decision.
    expect((await schedule(admin)).statusCode).toBe(403);
    const mistyped = await schedule(k.owner, 'Learning tests');
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json()).toMatchObject({ code: 'validation.failed' });
    expect(await dueOf(k.owner)).toBeNull();
  });

  it('schedules it fourteen days ahead, freezes changes but not reading, and is kept by an owner', async () => {
    const taught = await k.createClass('Geography');
    const scheduled = await schedule(k.owner, '  learning-TEST ');
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const dueAt = scheduled.json<Workspace>().deletionDueAt!;
    expect(new Date(dueAt).getTime()).toBe(clock + 14 * DAY_MS);
    // Asking again keeps the first date.
    clock += 60_000;
    expect((await schedule(k.owner)).json<Workspace>().deletionDueAt).toBe(dueAt);
    expect(await dueOf(k.owner)).toBe(dueAt);

    const refused = [
      await k.teacher.call({ method: 'POST', url: k.teaching(''), payload: { name: 'New' } }),
      await k.owner.call({
        method: 'PATCH',
        url: `/api/workspaces/${k.clientId}`,
        payload: { name: 'Renamed' },
      }),
      await k.owner.call({
        method: 'POST',
        url: `/api/workspaces/${k.clientId}/invitations`,
        payload: { email: 'late@example.test', role: 'author' },
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(423);
      expect(response.json()).toMatchObject({ code: 'workspace.deletion_scheduled' });
    }
    expect((await k.teacher.call({ url: k.teaching('') })).statusCode).toBe(200);
    expect((await k.teacher.call({ url: k.teaching(`/${taught.id}`) })).statusCode).toBe(200);

    // Only owners keep it; then changes work again.
    expect((await keep(k.teacher)).statusCode).toBe(403);
    expect((await keep(k.outsider)).statusCode).toBe(404);
    const kept = await keep(k.owner);
    expect(kept.statusCode).toBe(200);
    expect(kept.json<Workspace>().deletionDueAt).toBeNull();
    expect(await dueOf(k.owner)).toBeNull();
    await k.createClass('History');

    const audit = await k.kit.db
      .selectFrom('audit_events')
      .select(['action', 'actor'])
      .where('target', '=', `tenant/${k.clientId}`)
      .where('action', 'like', 'workspace.deletion%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'workspace.deletion_scheduled', actor: k.owner.sub },
      { action: 'workspace.deletion_scheduled', actor: k.owner.sub },
      { action: 'workspace.deletion_cancelled', actor: k.owner.sub },
    ]);
  });

  it('lists a scheduled workspace to platform admins, who may keep it too', async () => {
    await schedule(k.owner);
    const listed = (await admin.call({ url: '/api/admin/tenants?q=learning' })).json<{
      tenants: Workspace[];
    }>().tenants;
    expect(listed.find((tenant) => tenant.id === k.clientId)?.deletionDueAt).not.toBeNull();
    expect((await keep(k.owner, `/api/admin/tenants/${k.clientId}/deletion`)).statusCode).toBe(403);
    const kept = await keep(admin, `/api/admin/tenants/${k.clientId}/deletion`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Workspace>().deletionDueAt).toBeNull();
  });

  it('refuses to schedule while a paid plan renews', async () => {
    await k.kit.db
      .insertInto('workspace_billing_accounts')
      .values({ client_id: k.clientId, name: 'Learning test' } as never)
      .execute();
    const subscription = await k.kit.db
      .insertInto('workspace_subscriptions')
      .values({
        client_id: k.clientId,
        partner_subscription_id: 'sub_test_renewing',
        seats: 5,
        status: 'active',
        partner_status: 'active',
        started_at: now().toISOString(),
        synced_at: now().toISOString(),
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await schedule(k.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'workspace.plan_renews' });
    // Set to end with its period, it charges no more, and the workspace may go.
    await k.kit.db
      .updateTable('workspace_subscriptions')
      .set({ cancel_at_period_end: true })
      .where('id', '=', subscription.id)
      .execute();
    expect((await schedule(k.owner)).statusCode).toBe(200);
  });

  it('erases the workspace here and in the question database once due, in one process only, keeping the audit', async () => {
    const taught = await k.createClass('Biology').catch(() => undefined);
    expect(taught).toBeUndefined(); // scheduled by the test before: classes are frozen
    await keep(k.owner);
    const biology = await k.createClass('Biology');
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: biology.joinCode },
    });
    const given = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${biology.id}/assignments`),
      payload: {
        kind: 'practice',
        title: 'Capitals',
        bankId: k.kit.publicBankId,
        questionCount: 2,
        opensAt: new Date(Date.now() - 3_600_000).toISOString(),
        dueAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(given.statusCode, given.body).toBe(201);
    const assignment = given.json<Assignment>();
    const started = await learner.call({
      method: 'POST',
      url: `/api/assignments/${assignment.id}/start`,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await qdbRows('banks')).toBeGreaterThan(0);

    await schedule(k.owner);
    expect(await sweeper().finishDue()).toBe(0);
    clock += 15 * DAY_MS;
    const counts = await Promise.all([sweeper(), sweeper(), sweeper()].map((s) => s.finishDue()));
    expect(counts.reduce((a, b) => a + b)).toBe(1);

    for (const table of [
      'banks',
      'questions',
      'memberships',
      'invitations',
      'credentials',
      'media',
    ]) {
      expect(await qdbRows(table), table).toBe(0);
    }
    const left = async (table: 'classes' | 'assignments' | 'exam_blueprints') =>
      (
        await k.kit.db
          .selectFrom(table)
          .select('client_id')
          .where('client_id', '=', k.clientId)
          .execute()
      ).length;
    expect(await left('classes')).toBe(0);
    expect(await left('assignments')).toBe(0);
    expect(await left('exam_blueprints')).toBe(0);
    const submissions = await k.kit.db
      .selectFrom('submissions')
      .select('id')
      .where('assignment_id', '=', assignment.id)
      .execute();
    expect(submissions).toEqual([]);
    const sessions = await k.kit.db
      .selectFrom('practice_sessions')
      .select('id')
      .where('assignment_id', '=', assignment.id)
      .execute();
    expect(sessions).toEqual([]);
    // Another workspace is untouched.
    expect(await qdbRows('banks', k.otherClientId)).toBeGreaterThan(0);

    // The owner's session no longer lists it (once this process's cache lapses); the audit log
    // still names it for admins.
    await expect.poll(() => dueOf(k.owner), { timeout: 10_000 }).toBeUndefined();
    const deleted = await k.kit.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target', '=', `tenant/${k.clientId}`)
      .where('action', '=', 'workspace.deleted')
      .execute();
    expect(deleted).toEqual([
      {
        action: 'workspace.deleted',
        details: expect.objectContaining({ name: 'Learning test', slug: 'learning-test' }),
      },
    ]);
    expect((await schedule(k.owner)).statusCode).toBe(404);
  });
});
