import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_PARAM,
  CSRF_HEADER,
  FREE_WORKSPACE_LIMITS,
  PAID_WORKSPACE_LIMITS,
  type AuditEvent,
  type WorkspaceCheckout,
  type WorkspacePlan,
  type WorkspaceUsage,
} from '@questa/contracts';
import { payCheckout, startSandbox, type RunningSandbox } from '@questa/payments-sandbox/testing';
import { questionDb, seedMembership } from '@questa/question-db';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { createStripePartner } from '../../adapters/payment-partner';
import { createUnitOfWork } from '../../db/unit-of-work';
import { openTestSession, TEST_ORIGIN } from '../../testing';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { createUserRepository } from '../users/user.repository';
import { createPlanLimits } from './plan-limits.service';
import { createPlanRepository } from './plan.repository';
import { createPlanService } from './plan.service';
import { createWorkspacePlanRepository } from './workspace-plan.repository';

const DAY = 24 * 3600;
const PAYS = '4242424242424242';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/*
 * Seats bought, changed and ended at the sandbox partner move the question database's member
 * limit (and the paid plan's bank and question limits), sent by the main API after each change
 * commits and again after the question database was unreachable.
 */
describe('the question database’s limits follow the workspace plan', () => {
  let sandbox: RunningSandbox;
  let kit: LearningApi;
  let owner: Learner;
  let clientId: string;
  let seatPrice: string;

  const planUrl = (rest = '') => `/api/workspaces/${clientId}/plan${rest}`;
  const limits = async () => {
    const response = await fetch(`${kit.beside.url}/clients/${clientId}/limits`, {
      headers: { authorization: `Bearer ${await kit.beside.issuer.sign({ sub: owner.sub })}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as WorkspaceUsage;
    return Object.fromEntries(body.limits.map((limit) => [limit.kind, limit]));
  };
  const invite = (email: string) =>
    owner.call({
      method: 'POST',
      url: `/api/workspaces/${clientId}/invitations`,
      payload: { email, role: 'viewer' },
    });

  beforeAll(async () => {
    const apiPort = await freePort();
    sandbox = await startSandbox({
      webhookUrls: [`http://127.0.0.1:${apiPort}/api/billing/webhook`],
    });
    const payments = createStripePartner({
      secretKey: sandbox.secretKey,
      webhookSecret: sandbox.webhookSecret,
      apiBase: sandbox.origin,
      timeoutMs: 10_000,
    });
    kit = await startLearningApi({
      billing: { payments, mail: { send: async () => undefined }, billing: { jobTickMs: 0 } },
    });
    await kit.api.listen({ port: apiPort, host: '127.0.0.1' });
    await createPlanService({
      plans: createPlanRepository(kit.db),
      unitOfWork: createUnitOfWork(kit.db),
      partner: payments,
    }).seedDefaults();
    owner = await kit.learner('seats-owner');
    const qdb = questionDb(kit.beside.database);
    const created = await qdb
      .insertInto('clients')
      .values({ slug: 'seated', name: 'Seated' })
      .returning('id')
      .executeTakeFirstOrThrow();
    clientId = created.id;
    await seedMembership(qdb, { tenantSlug: 'seated', userId: owner.sub, role: 'owner' });
  }, 120_000);
  afterAll(async () => {
    await kit?.close();
    await sandbox?.close();
  });

  it('gives a workspace that buys 7 seats room for 7 members, and the paid plan’s banks and questions', async () => {
    for (let n = 1; n < FREE_WORKSPACE_LIMITS.members; n++) {
      expect((await invite(`free-${n}@example.test`)).statusCode).toBe(201);
    }
    expect((await invite('sixth@example.test')).json()).toMatchObject({
      code: 'workspace.limit_reached',
    });

    const plan = (await owner.call({ url: planUrl() })).json<WorkspacePlan>();
    seatPrice = plan.seatPrices.find((p) => p.currency === 'eur' && p.interval === 'month')!.id;
    const started = await owner.call({
      method: 'POST',
      url: planUrl('/checkout'),
      payload: { priceId: seatPrice, seats: 7 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const paid = await payCheckout(started.json<WorkspaceCheckout>().url!, { cardNumber: PAYS });
    const back = new URL(paid.location!, 'http://questa.test');
    const returned = await owner.call({
      method: 'POST',
      url: planUrl('/checkout/return'),
      payload: { sessionId: back.searchParams.get(CHECKOUT_SESSION_PARAM) },
    });
    expect(returned.json<WorkspacePlan>()).toMatchObject({ kind: 'paid', seats: 7 });

    await expect.poll(async () => (await limits()).members?.max, { timeout: 20_000 }).toBe(7);
    expect(await limits()).toMatchObject({
      members: { source: 'plan' },
      banks: { max: PAID_WORKSPACE_LIMITS.banks },
      questions: { max: PAID_WORKSPACE_LIMITS.questions },
    });
    expect((await invite('sixth@example.test')).statusCode).toBe(201);
    expect((await invite('seventh@example.test')).statusCode).toBe(201);
    expect((await invite('eighth@example.test')).statusCode).toBe(409);
  }, 90_000);

  it('follows a change of seats', async () => {
    const changed = await owner.call({
      method: 'PUT',
      url: planUrl('/seats'),
      payload: { seats: 9 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(async () => (await limits()).members?.max, { timeout: 20_000 }).toBe(9);
    expect((await invite('eighth@example.test')).statusCode).toBe(201);
  }, 60_000);

  it('keeps a change due while the question database is unreachable, and sends it later', async () => {
    const rows = createWorkspacePlanRepository(kit.db);
    await createUnitOfWork(kit.db)((work) => work.workspacePlans.markLimitsDue(clientId));
    const warnings: object[] = [];
    const unreachable = createPlanLimits({
      workspaces: rows,
      questionDb: createHttpQuestionDbClient({
        baseUrl: 'http://127.0.0.1:9/qdb/api/v1',
        timeoutMs: 500,
        serviceToken: kit.beside.serviceToken,
      }),
      log: { warn: (object) => void warnings.push(object) },
    });
    unreachable.kick();
    await unreachable.idle();
    expect(warnings).toHaveLength(1);
    expect((await rows.limitsDue(10)).map((row) => row.clientId)).toEqual([clientId]);

    const reachable = createPlanLimits({
      workspaces: rows,
      questionDb: createHttpQuestionDbClient({
        baseUrl: kit.beside.url,
        serviceToken: kit.beside.serviceToken,
      }),
      log: { warn: (object) => void warnings.push(object) },
    });
    reachable.kick();
    await reachable.idle();
    expect(await rows.limitsDue(10)).toEqual([]);
    expect((await limits()).members?.max).toBe(9);
  });

  it('falls back to the free limits when the plan ends, keeping every member but refusing new ones', async () => {
    const canceled = await owner.call({
      method: 'PUT',
      url: planUrl('/cancel'),
      payload: { cancelAtPeriodEnd: true },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await sandbox.advance(32 * DAY);
    await expect
      .poll(async () => (await limits()).members?.source, { timeout: 30_000 })
      .toBe('free');
    expect((await limits()).members).toMatchObject({
      max: FREE_WORKSPACE_LIMITS.members,
      used: 8,
    });
    expect((await invite('tenth@example.test')).statusCode).toBe(409);
  }, 90_000);

  it('lets a platform admin override a limit, audited, and no owner', async () => {
    const sub = `root-${Math.random().toString(36).slice(2)}`;
    const { cookieValue, userId } = await openTestSession(kit.beside.database, {
      sub,
      email: `${sub}@example.test`,
      accessToken: await kit.beside.issuer.sign({ sub, roles: ['admin'] }),
    });
    await createUserRepository(kit.db).grantRole(userId, 'admin');
    const asAdmin = (payload: object) =>
      kit.api.inject({
        method: 'PUT',
        url: `/api/admin/tenants/${clientId}/limits`,
        headers: {
          cookie: `questa_session=${cookieValue}`,
          [CSRF_HEADER]: '1',
          origin: TEST_ORIGIN,
        },
        payload,
      });
    const byOwner = await owner.call({
      method: 'PUT',
      url: `/api/admin/tenants/${clientId}/limits`,
      payload: { members: 50 },
    });
    expect(byOwner.statusCode).toBe(403);
    const overridden = await asAdmin({ members: 12 });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await limits()).members).toMatchObject({ max: 12, source: 'override' });
    expect((await asAdmin({ members: 0 })).statusCode).toBe(400);

    const audit = await kit.api.inject({
      url: '/api/admin/audit?action=workspace.limits_overridden',
      headers: { cookie: `questa_session=${cookieValue}` },
    });
    expect(audit.json<{ events: AuditEvent[] }>().events[0]).toMatchObject({
      action: 'workspace.limits_overridden',
      actor: sub,
      target: `tenant/${clientId}`,
      details: {
        override: { members: 12 },
        before: { members: FREE_WORKSPACE_LIMITS.members },
        after: { members: 12 },
      },
    });
  });
});
