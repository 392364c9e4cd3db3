import { randomUUID } from 'node:crypto';
import {
  workspacePlanReturn,
  type SeatChangePreview,
  type WorkspaceCheckout,
  type WorkspaceCheckoutCreate,
  type WorkspacePlan,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { BillingSync } from './billing-sync.service';
import type { PartnerReader } from './partner-reader';
import { RUNNING_STATUSES } from './plan-limits.service';
import type { PlanRepository } from './plan.repository';
import type { PlanService } from './plan.service';
import type {
  StoredWorkspaceSubscription,
  WorkspaceCheckoutRow,
  WorkspacePlanRepository,
} from './workspace-plan.repository';

const RUNNING = RUNNING_STATUSES;

/** An owner acting on a workspace: the access plugin has checked the role in `clientId`. */
export interface WorkspaceActor {
  context: AuthContext;
  clientId: string;
  requestId: string;
  ip: string;
}

/**
 * The prorated amount of a change of seats at `at`, as the partner prorates it: the new seats'
 * share of the period left, less the old seats' unused share, each rounded to the minor unit.
 */
export function prorateSeats(input: {
  unitAmount: number;
  fromSeats: number;
  toSeats: number;
  periodStart: number;
  periodEnd: number;
  at: number;
}): number {
  const length = Math.max(1, input.periodEnd - input.periodStart);
  const left = Math.min(length, Math.max(0, input.periodEnd - input.at));
  const credit = -Math.round((input.unitAmount * input.fromSeats * left) / length);
  const charge = Math.round((input.unitAmount * input.toSeats * left) / length);
  return charge + credit;
}

/**
 * The workspace plan: owners buy seats at the partner's hosted checkout, change their number
 * with proration, cancel at the period's end and read the workspace's invoices. Seats used are
 * the workspace's members as the question database lists them to the owner; a paid plan never
 * goes below them. The partner's objects are applied through billing's sync, as learners' are.
 */
export function createWorkspacePlanService(deps: {
  partner: PaymentPartner;
  plans: Pick<PlanService, 'priceForCheckout' | 'workspaceOnSale'>;
  prices: Pick<PlanRepository, 'findPrice'>;
  workspaces: WorkspacePlanRepository;
  unitOfWork: UnitOfWork;
  sync: Pick<BillingSync, 'apply'>;
  reader: Pick<PartnerReader, 'snapshot'>;
  questionDb: Pick<QuestionDbClient, 'listMembers' | 'myMemberships'>;
  auth: Pick<AuthService, 'accessToken'>;
  audit: AuditRepository;
  publicUrl: string;
  checkoutExpiryMinutes: number;
  /** After a change of the plan commits: the question database's limits follow it. */
  limitsDue: () => void;
}) {
  const { workspaces, partner } = deps;
  const back = (path: string) => `${deps.publicUrl}${path}`;

  /**
   * The workspace's members as the owner's own token lists them. Its name and owners are kept
   * on the way, so a failing payment, applied with nobody signed in, can tell its owners.
   */
  async function seatsUsed(actor: WorkspaceActor): Promise<number> {
    const token = await deps.auth.accessToken(actor.context);
    const [members, memberships] = await Promise.all([
      deps.questionDb.listMembers(token, actor.clientId, actor.requestId),
      deps.questionDb.myMemberships(token, actor.requestId),
    ]);
    const name = memberships.find((m) => m.clientId === actor.clientId)?.clientName ?? '';
    const owners = members.filter((m) => m.role === 'owner').map((m) => m.userId);
    await workspaces.saveAccount(actor.clientId, name, owners);
    return members.length;
  }

  const running = async (clientId: string) => {
    const current = await workspaces.current(clientId);
    return current && RUNNING.has(current.status) ? current : undefined;
  };

  async function requireRunning(clientId: string): Promise<StoredWorkspaceSubscription> {
    const current = await running(clientId);
    if (!current?.partnerItemId) {
      throw new HttpProblem('not_found', {
        detail: 'This workspace has no paid plan to change. Start one from the workspace plan.',
      });
    }
    return current;
  }

  function refuseBelowUsed(seats: number, used: number) {
    if (seats < used) {
      throw new HttpProblem('workspace_plan.below_seats_used', {
        detail: `The workspace has ${used} members, and each takes a seat: choose at least ${used} seats, or remove members first.`,
        errors: [
          { field: 'seats', message: `must be at least ${used}, the members of the workspace` },
        ],
      });
    }
  }

  async function view(clientId: string, used: number): Promise<WorkspacePlan> {
    const [current, pending, onSale] = await Promise.all([
      workspaces.current(clientId),
      workspaces.pendingCheckout(clientId),
      deps.plans.workspaceOnSale(),
    ]);
    const paid = current && RUNNING.has(current.status) ? current : undefined;
    const price = paid?.priceId ? await deps.prices.findPrice(paid.priceId) : undefined;
    const fresh =
      pending && pending.status === 'open' && Date.parse(pending.expiresAt) > Date.now();
    return {
      clientId,
      kind: paid ? 'paid' : 'free',
      seats: paid?.seats ?? null,
      seatsUsed: used,
      status: current?.status ?? 'none',
      price: price
        ? { id: price.id, currency: price.currency, interval: price.interval, amount: price.amount }
        : null,
      currentPeriodStart: paid?.currentPeriodStart ?? null,
      currentPeriodEnd: paid?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: paid?.cancelAtPeriodEnd ?? false,
      seatPrices: onSale.flatMap((plan) => plan.prices),
      pendingCheckout: fresh
        ? { url: pending.url, seats: pending.seats, expiresAt: pending.expiresAt }
        : null,
    };
  }

  /** Closes an open checkout that no longer fits what the owner asks for. */
  async function supersede(row: WorkspaceCheckoutRow) {
    if (row.partnerSessionId) {
      const session = await partner.getCheckout(row.partnerSessionId);
      if (session?.status === 'open') {
        await partner.expireCheckout(row.partnerSessionId).catch((error: unknown) => {
          if (!(error instanceof HttpProblem && error.code === 'validation.failed')) throw error;
        });
      }
    }
    await workspaces.closeCheckout(row.id, 'expired');
  }

  const publicCheckout = (row: WorkspaceCheckoutRow): WorkspaceCheckout => ({
    url: row.url,
    seats: row.seats,
    expiresAt: row.expiresAt,
  });

  /**
   * Applies the partner's subscription as a change just returned it, then answers with the plan.
   * It is dated when the answer came: the change was made before then, so a read that began
   * earlier may not show it and must not win over it.
   */
  async function applied(
    actor: WorkspaceActor,
    subscription: Awaited<ReturnType<PaymentPartner['changeSeats']>>,
  ) {
    const readAt = new Date();
    const result = await deps.unitOfWork((work) =>
      deps.sync.apply(
        work,
        { kind: 'subscription', subscription: { value: subscription, readAt } },
        'webhook',
      ),
    );
    if (result.limitsDue) deps.limitsDue();
    return view(actor.clientId, await seatsUsed(actor));
  }

  return {
    /**
     * A workspace's plan and seats, for code that enforces the free limits: no question-database
     * call, no owner needed. `seats` is null on the free plan.
     */
    async planOf(clientId: string): Promise<{ kind: 'free' | 'paid'; seats: number | null }> {
      const paid = await running(clientId);
      return { kind: paid ? 'paid' : 'free', seats: paid?.seats ?? null };
    },

    async read(actor: WorkspaceActor): Promise<WorkspacePlan> {
      return view(actor.clientId, await seatsUsed(actor));
    },

    /**
     * Starts (or rejoins) the workspace's checkout of N seats. The customer and the partner's
     * price are made first; the checkout is claimed before the partner is asked for a session,
     * so a double click shares one session through its idempotency key.
     */
    async startCheckout(
      actor: WorkspaceActor,
      input: WorkspaceCheckoutCreate,
    ): Promise<WorkspaceCheckout> {
      const used = await seatsUsed(actor);
      if (await running(actor.clientId)) {
        throw new HttpProblem('workspace_plan.already_paid', {
          detail: 'This workspace already has a paid plan. Change its seats instead.',
        });
      }
      refuseBelowUsed(input.seats, used);
      const { plan, price, partnerPriceId } = await deps.plans.priceForCheckout(
        input.priceId,
        'workspace',
      );
      const user = actor.context.user;
      const customerId =
        (await workspaces.customerOf(actor.clientId)) ??
        (await workspaces.saveCustomer(
          actor.clientId,
          await partner.createWorkspaceCustomer({
            clientId: actor.clientId,
            name: (await workspaceName(actor.clientId)) || actor.clientId,
            email: user.email,
          }),
        ));

      const claimFor = () =>
        workspaces.claimCheckout({
          id: randomUUID(),
          clientId: actor.clientId,
          priceId: price.id,
          seats: input.seats,
          expiresAt: new Date(Date.now() + deps.checkoutExpiryMinutes * 60_000),
        });
      let { checkout, claimed } = await claimFor();
      const fits =
        checkout.priceId === price.id &&
        checkout.seats === input.seats &&
        Date.parse(checkout.expiresAt) > Date.now() + 60_000;
      if (checkout.status === 'open' && !fits) {
        await supersede(checkout);
        ({ checkout, claimed } = await claimFor());
      }
      if (checkout.status === 'open') return publicCheckout(checkout);

      const returns = workspacePlanReturn(actor.clientId);
      let session;
      try {
        session = await partner.createCheckout({
          checkoutId: checkout.id,
          userId: user.id,
          planId: plan.id,
          customerId,
          partnerPriceId,
          trialDays: 0,
          partnerPromotionCodeId: null,
          expiresAt: new Date(checkout.expiresAt),
          successUrl: back(returns.success),
          cancelUrl: back(returns.canceled),
          locale: input.locale,
          workspace: { clientId: actor.clientId, seats: checkout.seats },
        });
      } catch (error) {
        if (claimed) await workspaces.releaseCheckout(checkout.id);
        throw error;
      }
      await workspaces.markCheckoutOpen(checkout.id, session);
      if (claimed) {
        await deps.audit.record({
          action: 'workspace_checkout.started',
          actor: user.sub,
          target: `workspace/${actor.clientId}`,
          ip: actor.ip,
          details: { priceId: price.id, seats: checkout.seats },
        });
      }
      return publicCheckout((await workspaces.findCheckout({ id: checkout.id }))!);
    },

    /** The owner's return from the hosted page: the paid session is applied without waiting. */
    async applyReturn(actor: WorkspaceActor, sessionId: string): Promise<WorkspacePlan> {
      const row = await workspaces.findCheckout({ partnerSessionId: sessionId });
      // Another workspace's session answers like one that does not exist.
      if (!row || row.clientId !== actor.clientId) {
        throw new HttpProblem('not_found', {
          detail: 'This workspace has no checkout with the payment partner under that id.',
        });
      }
      const snapshot = await deps.reader.snapshot('checkout.session', sessionId);
      if (snapshot) {
        const result = await deps.unitOfWork((work) =>
          deps.sync.apply(work, snapshot, 'checkout_return'),
        );
        if (result.limitsDue) deps.limitsDue();
      }
      return view(actor.clientId, await seatsUsed(actor));
    },

    /** What a change to `seats` costs now, computed from the seat's price and the period left. */
    async preview(actor: WorkspaceActor, seats: number): Promise<SeatChangePreview> {
      const used = await seatsUsed(actor);
      const current = await requireRunning(actor.clientId);
      refuseBelowUsed(seats, used);
      const price = current.priceId ? await deps.prices.findPrice(current.priceId) : undefined;
      if (!price || !current.currentPeriodStart || !current.currentPeriodEnd) {
        throw new HttpProblem('unavailable', {
          detail: 'The plan’s price or period is not known yet. Try again in a moment.',
          retryAfter: 5,
        });
      }
      return {
        seats,
        currentSeats: current.seats,
        seatsUsed: used,
        currency: price.currency,
        prorationAmount: prorateSeats({
          unitAmount: price.amount,
          fromSeats: current.seats,
          toSeats: seats,
          periodStart: Date.parse(current.currentPeriodStart),
          periodEnd: Date.parse(current.currentPeriodEnd),
          at: Date.now(),
        }),
        nextPeriodAmount: price.amount * seats,
        periodEnd: current.currentPeriodEnd,
        basis: 'computed',
      };
    },

    /** Sets the seats at the partner, prorated and invoiced at once; never below seats used. */
    async changeSeats(actor: WorkspaceActor, seats: number): Promise<WorkspacePlan> {
      const used = await seatsUsed(actor);
      const current = await requireRunning(actor.clientId);
      refuseBelowUsed(seats, used);
      if (seats === current.seats) return view(actor.clientId, used);
      const subscription = await partner.changeSeats({
        subscriptionId: current.partnerSubscriptionId,
        itemId: current.partnerItemId!,
        seats,
        // The same change from the same state (a double click) is one change at the partner.
        changeId: `${current.seats}-${seats}-${Date.parse(current.syncedAt)}`,
      });
      await deps.audit.record({
        action: 'workspace_plan.seats_changed',
        actor: actor.context.user.sub,
        target: `workspace/${actor.clientId}`,
        ip: actor.ip,
        details: { from: current.seats, to: seats },
      });
      return applied(actor, subscription);
    },

    async cancelAtPeriodEnd(actor: WorkspaceActor, cancel: boolean): Promise<WorkspacePlan> {
      const current = await requireRunning(actor.clientId);
      const subscription = await partner.cancelAtPeriodEnd(current.partnerSubscriptionId, cancel);
      await deps.audit.record({
        action: cancel ? 'workspace_plan.cancel_requested' : 'workspace_plan.resumed',
        actor: actor.context.user.sub,
        target: `workspace/${actor.clientId}`,
        ip: actor.ip,
        details: { periodEnd: current.currentPeriodEnd },
      });
      return applied(actor, subscription);
    },

    async invoices(clientId: string) {
      return { invoices: await workspaces.invoices(clientId) };
    },
  };

  async function workspaceName(clientId: string) {
    return (await workspaces.ownersToTell(clientId)).name;
  }
}

export type WorkspacePlanService = ReturnType<typeof createWorkspacePlanService>;
