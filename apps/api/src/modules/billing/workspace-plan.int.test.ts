import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_SESSION_PARAM,
  type NotificationList,
  type SeatChangePreview,
  type WorkspaceCheckout,
  type WorkspaceInvoiceList,
  type WorkspacePlan,
} from '@questa/contracts';
import type { MailMessage } from '@questa/mail';
import { payCheckout, startSandbox, type RunningSandbox } from '@questa/payments-sandbox/testing';
import { questionDb, seedMembership } from '@questa/question-db';
import { createStripePartner } from '../../adapters/payment-partner';
import { createUnitOfWork } from '../../db/unit-of-work';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { createPlanRepository } from './plan.repository';
import { createPlanService } from './plan.service';
import { prorateSeats } from './workspace-plan.service';

const DAY = 24 * 3600;
const PAYS = '4242424242424242';
const DECLINES_RENEWALS = '4000000000000341';

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
 * The workspace plan against the built-in sandbox partner: seats bought at the hosted page,
 * changed with proration, webhooks signed and delivered over HTTP, a renewal declined on the
 * sandbox's clock, and every route refused to anyone but the workspace's owners.
 */
describe('the workspace plan, priced per seat', () => {
  let sandbox: RunningSandbox;
  let kit: LearningApi;
  let owner: Learner;
  let author: Learner;
  let outsider: Learner;
  let otherOwner: Learner;
  let otherAuthor: Learner;
  let clientId: string;
  let otherClientId: string;
  let seatPrice: string;
  const sent: MailMessage[] = [];

  const planUrl = (id: string, rest = '') => `/api/workspaces/${id}/plan${rest}`;
  const planOf = async (who: Learner, id = clientId) => {
    const answer = await who.call({ url: planUrl(id) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<WorkspacePlan>();
  };
  const buy = async (who: Learner, id: string, seats: number, card: string) => {
    const started = await who.call({
      method: 'POST',
      url: planUrl(id, '/checkout'),
      payload: { priceId: seatPrice, seats },
    });
    expect(started.statusCode, started.body).toBe(201);
    const paid = await payCheckout(started.json<WorkspaceCheckout>().url!, { cardNumber: card });
    const back = new URL(paid.location!, 'http://questa.test');
    expect(back.pathname).toBe(`/workspaces/${id}/plan`);
    const returned = await who.call({
      method: 'POST',
      url: planUrl(id, '/checkout/return'),
      payload: { sessionId: back.searchParams.get(CHECKOUT_SESSION_PARAM) },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    return {
      plan: returned.json<WorkspacePlan>(),
      sessionId: back.searchParams.get(CHECKOUT_SESSION_PARAM)!,
    };
  };

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
      billing: {
        payments,
        mail: { send: async (message) => void sent.push(message) },
        billing: { jobTickMs: 0 },
      },
    });
    await kit.api.listen({ port: apiPort, host: '127.0.0.1' });
    await createPlanService({
      plans: createPlanRepository(kit.db),
      unitOfWork: createUnitOfWork(kit.db),
      partner: payments,
    }).seedDefaults();

    owner = await kit.learner('ws-owner');
    author = await kit.learner('ws-author');
    outsider = await kit.learner('ws-outsider');
    otherOwner = await kit.learner('ws-other-owner');
    otherAuthor = await kit.learner('ws-other-author');
    const qdb = questionDb(kit.beside.database);
    await qdb
      .insertInto('clients')
      .values({ slug: 'other-workspace', name: 'Other workspace' })
      .execute();
    for (const [who, tenantSlug, role] of [
      [owner, 'learning-test', 'owner'],
      [author, 'learning-test', 'author'],
      [otherOwner, 'other-workspace', 'owner'],
      [otherAuthor, 'other-workspace', 'author'],
    ] as const) {
      await seedMembership(qdb, { tenantSlug, userId: who.sub, role });
    }
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    clientId = bank.json<{ clientId: string }>().clientId;
    const other = await qdb
      .selectFrom('clients')
      .select('id')
      .where('slug', '=', 'other-workspace')
      .executeTakeFirstOrThrow();
    otherClientId = other.id;
  }, 120_000);
  afterAll(async () => {
    await kit?.close();
    await sandbox?.close();
  });

  it('starts free, with seat prices on sale and the members counted as seats used', async () => {
    const plan = await planOf(owner);
    expect(plan).toMatchObject({ clientId, kind: 'free', seats: null, status: 'none' });
    expect(plan.seatsUsed).toBeGreaterThanOrEqual(2);
    const eur = plan.seatPrices.find((p) => p.currency === 'eur' && p.interval === 'month')!;
    expect(eur.amount).toBe(600);
    seatPrice = eur.id;
    // Seat prices are for workspaces: a learner's page does not offer them.
    const learnerPlans = (await kit.api.inject('/api/billing/plans')).json<{
      plans: { kind: string }[];
    }>();
    expect(learnerPlans.plans.map((p) => p.kind)).not.toContain('workspace');
    const asLearner = await outsider.call({
      method: 'POST',
      url: '/api/billing/checkout',
      payload: { priceId: seatPrice },
    });
    expect(asLearner.statusCode).toBe(400);
  });

  it('buys 5 seats at the hosted page, raises them to 7 with the prorated amount shown first and charged', async () => {
    const { seatsUsed } = await planOf(owner);
    const tooFew = await owner.call({
      method: 'POST',
      url: planUrl(clientId, '/checkout'),
      payload: { priceId: seatPrice, seats: seatsUsed - 1 },
    });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json()).toMatchObject({ code: 'workspace_plan.below_seats_used' });

    const { plan } = await buy(owner, clientId, 5, PAYS);
    expect(plan).toMatchObject({ kind: 'paid', seats: 5, status: 'active', seatsUsed });
    expect(plan.price).toMatchObject({ amount: 600, currency: 'eur' });
    const again = await owner.call({
      method: 'POST',
      url: planUrl(clientId, '/checkout'),
      payload: { priceId: seatPrice, seats: 6 },
    });
    expect(again.json()).toMatchObject({ code: 'workspace_plan.already_paid' });

    const preview = await owner.call({ url: planUrl(clientId, '/seats/preview?seats=7') });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json<SeatChangePreview>();
    expect(shown).toMatchObject({
      seats: 7,
      currentSeats: 5,
      nextPeriodAmount: 4200,
      basis: 'computed',
    });
    // Two seats for almost the whole month: just under 2 × 6.00 EUR.
    expect(shown.prorationAmount).toBeGreaterThan(1150);
    expect(shown.prorationAmount).toBeLessThanOrEqual(1200);

    const changed = await owner.call({
      method: 'PUT',
      url: planUrl(clientId, '/seats'),
      payload: { seats: 7 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<WorkspacePlan>()).toMatchObject({ kind: 'paid', seats: 7 });

    // The first invoice (5 seats) and the prorated one arrive by webhook.
    await expect
      .poll(
        async () =>
          (await owner.call({ url: planUrl(clientId, '/invoices') }))
            .json<WorkspaceInvoiceList>()
            .invoices.map((invoice) => invoice.amountPaid)
            .sort((a, b) => a - b),
        { timeout: 20_000 },
      )
      .toEqual([expect.closeTo(shown.prorationAmount, -1), 3000]);

    const below = await owner.call({
      method: 'PUT',
      url: planUrl(clientId, '/seats'),
      payload: { seats: seatsUsed - 1 },
    });
    expect(below.statusCode).toBe(409);

    const canceled = await owner.call({
      method: 'PUT',
      url: planUrl(clientId, '/cancel'),
      payload: { cancelAtPeriodEnd: true },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<WorkspacePlan>()).toMatchObject({
      kind: 'paid',
      seats: 7,
      cancelAtPeriodEnd: true,
    });
    const resumed = await owner.call({
      method: 'PUT',
      url: planUrl(clientId, '/cancel'),
      payload: { cancelAtPeriodEnd: false },
    });
    expect(resumed.json<WorkspacePlan>().cancelAtPeriodEnd).toBe(false);
  }, 90_000);

  it('shows a workspace’s plan to its owners only, and nothing of one workspace through another', async () => {
    for (const path of ['', '/invoices', '/seats/preview?seats=7']) {
      expect((await author.call({ url: planUrl(clientId, path) })).statusCode).toBe(403);
      // People who are no members of the workspace are not told it exists.
      expect((await outsider.call({ url: planUrl(clientId, path) })).statusCode).toBe(404);
      expect((await otherOwner.call({ url: planUrl(clientId, path) })).statusCode).toBe(404);
      expect((await kit.api.inject(planUrl(clientId, path))).statusCode).toBe(401);
    }
    const write = await author.call({
      method: 'PUT',
      url: planUrl(clientId, '/seats'),
      payload: { seats: 9 },
    });
    expect(write.statusCode).toBe(403);
    expect((await planOf(owner)).seats).toBe(7);

    // The other workspace's owner sees their own, free, plan and none of the first's invoices.
    expect(await planOf(otherOwner, otherClientId)).toMatchObject({ kind: 'free', seats: null });
    const invoices = await otherOwner.call({ url: planUrl(otherClientId, '/invoices') });
    expect(invoices.json<WorkspaceInvoiceList>().invoices).toEqual([]);
    // A session paid for the first workspace cannot be applied through the second.
    const first = (await kit.db
      .selectFrom('workspace_checkouts')
      .select('partner_session_id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow())!.partner_session_id!;
    const across = await otherOwner.call({
      method: 'POST',
      url: planUrl(otherClientId, '/checkout/return'),
      payload: { sessionId: first },
    });
    expect(across.statusCode).toBe(404);
    // Changing seats of a workspace that never paid: nothing to change.
    const none = await otherOwner.call({
      method: 'PUT',
      url: planUrl(otherClientId, '/seats'),
      payload: { seats: 3 },
    });
    expect(none.statusCode).toBe(404);
  });

  it('tells the workspace’s owners, in the app and by mail, when a renewal fails', async () => {
    const { plan } = await buy(otherOwner, otherClientId, 3, DECLINES_RENEWALS);
    expect(plan).toMatchObject({ kind: 'paid', seats: 3 });

    // The period ends: the sandbox charges the card without the owner, and it is declined.
    await sandbox.advance(32 * DAY);
    await expect
      .poll(async () => (await planOf(otherOwner, otherClientId)).status, { timeout: 20_000 })
      .toBe('past_due');
    // Past due keeps the seats while the partner retries.
    expect((await planOf(otherOwner, otherClientId)).kind).toBe('paid');

    const notices = async (who: Learner) =>
      (await who.call({ url: '/api/notifications' }))
        .json<NotificationList>()
        .notifications.filter((n) => n.subject.kind === 'workspace_payment_failed');
    await expect.poll(async () => (await notices(otherOwner)).length, { timeout: 20_000 }).toBe(1);
    expect((await notices(otherOwner))[0]!.subject).toMatchObject({
      clientId: otherClientId,
      workspaceName: 'Other workspace',
      amount: 1800,
      currency: 'eur',
    });
    await expect
      .poll(() => sent.filter((m) => m.to === `${otherOwner.sub}@example.test`).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const mail = sent.find((m) => m.to === `${otherOwner.sub}@example.test`)!;
    expect(mail.subject).toContain('Other workspace');
    expect(mail.text).toContain('/unsubscribe?token=');
    // Members who are not owners, and the first workspace's owner, are told nothing.
    expect(await notices(otherAuthor)).toEqual([]);
    expect(await notices(owner)).toEqual([]);
  }, 90_000);

  it('prorates as the partner does: the new seats’ time left less the old seats’ unused time', () => {
    const period = { periodStart: 0, periodEnd: 30 * DAY, unitAmount: 600 };
    expect(prorateSeats({ ...period, fromSeats: 5, toSeats: 7, at: 0 })).toBe(1200);
    expect(prorateSeats({ ...period, fromSeats: 5, toSeats: 7, at: 15 * DAY })).toBe(600);
    expect(prorateSeats({ ...period, fromSeats: 7, toSeats: 5, at: 20 * DAY })).toBe(-400);
    expect(prorateSeats({ ...period, fromSeats: 5, toSeats: 7, at: 31 * DAY })).toBe(0);
  });
});
