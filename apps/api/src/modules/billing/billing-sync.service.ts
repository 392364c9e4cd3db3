import type {
  NotificationSubject,
  SubscriptionChangeSource,
  SubscriptionStatus,
} from '@questa/contracts';
import type {
  PartnerCheckout,
  PartnerInvoice,
  PartnerRefund,
  PartnerSubscription,
} from '../../adapters/payment-partner';
import type { WorkRepositories } from '../../db/unit-of-work';
import type { StoredSubscription, SubscriptionState } from './subscription.repository';
import type { WorkspaceSubscriptionState } from './workspace-plan.repository';

/*
 * Applies the partner's objects, as read from the partner, to Questa's rows. Whatever asks —
 * a webhook, the reconcile job — reads the object first with no transaction open, then applies
 * it here inside one. Only whole objects are applied, never an event's change: applied in any
 * order, the rows end as the partner's latest state. An object read earlier than the one already
 * applied is left out, so a slow reader cannot undo a newer state.
 */

/** The partner's subscription states in PRODUCT §4's words. */
export function statusOf(partnerStatus: string): SubscriptionStatus {
  switch (partnerStatus) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
      return partnerStatus;
    // Retries ran out but the partner keeps the subscription: no payment, and the grace runs out.
    case 'unpaid':
      return 'past_due';
    // The first payment still needs the learner (a bank's confirmation, say).
    case 'incomplete':
      return 'checkout_pending';
    // Never paid (an abandoned first payment, a trial that ended without a card), or unknown.
    default:
      return 'expired';
  }
}

export interface ReadObject<T> {
  value: T;
  /** When the read began: what it returned is at least this recent. */
  readAt: Date;
}

/** A partner object as read for one event, with what its application needs besides it. */
export type Snapshot =
  | { kind: 'subscription'; subscription: ReadObject<PartnerSubscription> }
  | {
      kind: 'checkout';
      checkout: ReadObject<PartnerCheckout>;
      subscription: ReadObject<PartnerSubscription> | undefined;
    }
  | { kind: 'invoice'; invoice: ReadObject<PartnerInvoice> }
  | { kind: 'refund'; refund: ReadObject<PartnerRefund> };

export type Source = SubscriptionChangeSource;

export interface SubscriptionCorrection {
  subscriptionId: string;
  userId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

export interface ApplyResult {
  outcome: 'applied' | 'ignored' | 'unknown_customer';
  /** Learners whose premium may have changed, so their cached sessions are dropped. */
  userIds: string[];
  corrections: SubscriptionCorrection[];
  /** Mail was queued with the change, to be sent once it commits. */
  mailQueued?: boolean;
  /** In-app notices written with the change, whose mail goes out once it commits. */
  notices?: { userId: string; subject: NotificationSubject }[];
  /** A workspace's plan changed: the question database's limits are due once it commits. */
  limitsDue?: boolean;
}

const none = (outcome: ApplyResult['outcome']): ApplyResult => ({
  outcome,
  userIds: [],
  corrections: [],
});

/** The fields whose change is worth a line in the subscription's history. */
const summary = (state: SubscriptionState) => ({
  status: state.status,
  partnerStatus: state.partnerStatus,
  planId: state.planId,
  priceId: state.priceId,
  currentPeriodEnd: state.currentPeriodEnd,
  cancelAtPeriodEnd: state.cancelAtPeriodEnd,
  trialEnd: state.trialEnd,
  endedAt: state.endedAt,
});

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;
const ACTORS: Record<Source, string> = {
  webhook: 'service:payment-partner',
  reconcile: 'service:billing-reconcile',
  checkout_return: 'service:checkout-return',
};

export function createBillingSync() {
  async function applySubscription(
    work: WorkRepositories,
    { value: subscription, readAt }: ReadObject<PartnerSubscription>,
    source: Source,
  ): Promise<ApplyResult> {
    let existing: StoredSubscription | undefined = await work.subscriptions.lockByPartnerId(
      subscription.id,
    );
    const userId =
      existing?.userId ?? (await work.checkouts.userOfCustomer(subscription.customerId));
    if (!userId) {
      const clientId = await work.workspacePlans.clientOfCustomer(subscription.customerId);
      if (clientId) {
        return applyWorkspaceSubscription(work, clientId, { value: subscription, readAt }, source);
      }
      return none('unknown_customer');
    }
    if (existing && new Date(existing.syncedAt) > readAt) return none('applied');

    const price = subscription.priceId
      ? await work.plans.findByPartnerPrice(subscription.priceId)
      : undefined;
    const state: SubscriptionState = {
      userId,
      partnerCustomerId: subscription.customerId,
      planId: price?.planId ?? null,
      priceId: price?.id ?? null,
      status: statusOf(subscription.status),
      partnerStatus: subscription.status,
      currentPeriodStart: isoOrNull(subscription.currentPeriodStart),
      currentPeriodEnd: isoOrNull(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      trialEnd: isoOrNull(subscription.trialEnd),
      startedAt: subscription.startedAt.toISOString(),
      endedAt: isoOrNull(subscription.endedAt),
    };

    let id = existing?.id;
    if (!existing) {
      id = await work.subscriptions.insert(subscription.id, state, readAt);
      if (!id) {
        // Another transaction inserted it first; now it is there to lock and compare with.
        existing = await work.subscriptions.lockByPartnerId(subscription.id);
        if (!existing || new Date(existing.syncedAt) > readAt) return none('applied');
        id = existing.id;
      }
    }
    const before = existing ? summary(existing) : null;
    const after = summary(state);
    if (before && JSON.stringify(before) === JSON.stringify(after)) {
      await work.subscriptions.touch(id!, readAt);
      return { outcome: 'applied', userIds: [], corrections: [] };
    }
    if (existing) await work.subscriptions.update(id!, state, readAt);
    await work.subscriptions.recordChange({
      subscriptionId: id!,
      source,
      status: state.status,
      before: before ?? {},
      after,
    });
    await work.audit.record({
      action: 'subscription.changed',
      actor: ACTORS[source],
      target: `subscription/${id}`,
      ip: null,
      details: { userId, partnerSubscriptionId: subscription.id, before, after },
    });
    return {
      outcome: 'applied',
      userIds: [userId],
      corrections: [{ subscriptionId: id!, userId, before, after }],
    };
  }

  /**
   * A workspace's subscription, as a learner's is applied: whole, never older over newer. Its
   * seats are the first item's quantity; the workspace's sessions hold nothing to drop.
   */
  async function applyWorkspaceSubscription(
    work: WorkRepositories,
    clientId: string,
    { value: subscription, readAt }: ReadObject<PartnerSubscription>,
    source: Source,
  ): Promise<ApplyResult> {
    let existing = await work.workspacePlans.lockByPartnerId(subscription.id);
    if (existing && new Date(existing.syncedAt) > readAt) return none('applied');
    const price = subscription.priceId
      ? await work.plans.findByPartnerPrice(subscription.priceId)
      : undefined;
    const state: WorkspaceSubscriptionState = {
      clientId,
      partnerItemId: subscription.itemId,
      planId: price?.planId ?? null,
      priceId: price?.id ?? null,
      seats: subscription.quantity,
      status: statusOf(subscription.status),
      partnerStatus: subscription.status,
      currentPeriodStart: isoOrNull(subscription.currentPeriodStart),
      currentPeriodEnd: isoOrNull(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      startedAt: subscription.startedAt.toISOString(),
      endedAt: isoOrNull(subscription.endedAt),
    };
    if (!existing) {
      const id = await work.workspacePlans.insertSubscription(subscription.id, state, readAt);
      if (!id) {
        // Another transaction inserted it first; now it is there to lock and compare with.
        existing = await work.workspacePlans.lockByPartnerId(subscription.id);
        if (!existing || new Date(existing.syncedAt) > readAt) return none('applied');
      }
    }
    if (existing) await work.workspacePlans.updateSubscription(existing.id, state, readAt);
    const changed =
      !existing ||
      existing.status !== state.status ||
      existing.seats !== state.seats ||
      existing.cancelAtPeriodEnd !== state.cancelAtPeriodEnd;
    if (changed) {
      // Counted with the change and sent after commit, never from inside this transaction.
      await work.workspacePlans.markLimitsDue(clientId);
      await work.audit.record({
        action: 'workspace_subscription.changed',
        actor: ACTORS[source],
        target: `workspace/${clientId}`,
        ip: null,
        details: {
          partnerSubscriptionId: subscription.id,
          before: existing
            ? {
                status: existing.status,
                seats: existing.seats,
                cancelAtPeriodEnd: existing.cancelAtPeriodEnd,
              }
            : null,
          after: {
            status: state.status,
            seats: state.seats,
            cancelAtPeriodEnd: state.cancelAtPeriodEnd,
          },
        },
      });
    }
    return { ...none('applied'), limitsDue: changed };
  }

  /** A workspace's checkout closes as a learner's does; the subscription follows it. */
  async function applyWorkspaceCheckout(
    work: WorkRepositories,
    checkout: PartnerCheckout,
  ): Promise<ApplyResult | undefined> {
    const row =
      (await work.workspacePlans.findCheckout({ partnerSessionId: checkout.id })) ??
      (checkout.metadata.questa_workspace_id && checkout.metadata.questa_checkout_id
        ? await work.workspacePlans.findCheckout({ id: checkout.metadata.questa_checkout_id })
        : undefined);
    if (!row) return undefined;
    if (checkout.status !== 'open')
      await work.workspacePlans.closeCheckout(row.id, checkout.status);
    return none('applied');
  }

  /**
   * A workspace's invoice is kept for its owners to read. A new failed attempt to collect it
   * tells every owner, in the app now and by mail once this commits; a replay of the same
   * attempt finds it recorded and tells nobody again.
   */
  async function applyWorkspaceInvoice(
    work: WorkRepositories,
    clientId: string,
    { value: invoice, readAt }: ReadObject<PartnerInvoice>,
  ): Promise<ApplyResult> {
    const existing = await work.workspacePlans.lockInvoiceByPartnerId(invoice.id);
    if (existing && new Date(existing.syncedAt) > readAt) return none('applied');
    await work.workspacePlans.saveInvoice(
      {
        clientId,
        partnerInvoiceId: invoice.id,
        partnerSubscriptionId: invoice.subscriptionId,
        number: invoice.number,
        status: invoice.status,
        currency: invoice.currency,
        amountDue: invoice.amountDue,
        amountPaid: invoice.amountPaid,
        attemptCount: invoice.attemptCount,
        periodStart: isoOrNull(invoice.periodStart),
        periodEnd: isoOrNull(invoice.periodEnd),
        hostedUrl: invoice.hostedUrl,
        pdfUrl: invoice.pdfUrl,
        partnerCreatedAt: invoice.createdAt.toISOString(),
        paidAt: isoOrNull(invoice.paidAt),
      },
      readAt,
    );
    const failedAgain =
      invoice.status === 'open' &&
      invoice.attemptCount > 0 &&
      invoice.attemptCount > (existing?.attemptCount ?? 0);
    if (!failedAgain) return none('applied');
    const owners = await work.workspacePlans.ownersToTell(clientId);
    const subject: NotificationSubject = {
      kind: 'workspace_payment_failed',
      clientId,
      workspaceName: owners.name,
      amount: invoice.amountDue - invoice.amountPaid,
      currency: invoice.currency,
      hostedUrl: invoice.hostedUrl,
    };
    for (const userId of owners.userIds) await work.notifications.add(userId, subject);
    return {
      ...none('applied'),
      notices: owners.userIds.map((userId) => ({ userId, subject })),
    };
  }

  async function applyCheckout(
    work: WorkRepositories,
    { value: checkout }: ReadObject<PartnerCheckout>,
  ): Promise<ApplyResult> {
    const workspace = await applyWorkspaceCheckout(work, checkout);
    if (workspace) return workspace;
    const row =
      (await work.checkouts.findByPartnerSession(checkout.id)) ??
      (checkout.metadata.questa_checkout_id
        ? await work.checkouts.find(checkout.metadata.questa_checkout_id)
        : undefined);
    if (!row) {
      return none(
        checkout.customerId && (await work.checkouts.userOfCustomer(checkout.customerId))
          ? 'ignored'
          : 'unknown_customer',
      );
    }
    if (checkout.status === 'open') return none('applied');
    const closed = await work.checkouts.close(row.id, checkout.status);
    return { outcome: 'applied', userIds: closed ? [row.userId] : [], corrections: [] };
  }

  async function applyInvoice(
    work: WorkRepositories,
    { value: invoice, readAt }: ReadObject<PartnerInvoice>,
  ): Promise<ApplyResult> {
    const userId =
      (invoice.customerId && (await work.checkouts.userOfCustomer(invoice.customerId))) ||
      (invoice.subscriptionId &&
        (await work.subscriptions.userOfPartnerSubscription(invoice.subscriptionId)));
    if (!userId) {
      const clientId =
        invoice.customerId && (await work.workspacePlans.clientOfCustomer(invoice.customerId));
      if (clientId) return applyWorkspaceInvoice(work, clientId, { value: invoice, readAt });
      return none('unknown_customer');
    }
    const existing = await work.subscriptions.lockInvoiceByPartnerId(invoice.id);
    if (existing && new Date(existing.syncedAt) > readAt) return none('applied');
    await work.subscriptions.saveInvoice(
      {
        userId,
        partnerInvoiceId: invoice.id,
        partnerSubscriptionId: invoice.subscriptionId,
        partnerPaymentIntentId: invoice.paymentIntentId,
        number: invoice.number,
        status: invoice.status,
        currency: invoice.currency,
        amountDue: invoice.amountDue,
        amountPaid: invoice.amountPaid,
        attemptCount: invoice.attemptCount,
        periodStart: isoOrNull(invoice.periodStart),
        periodEnd: isoOrNull(invoice.periodEnd),
        hostedUrl: invoice.hostedUrl,
        pdfUrl: invoice.pdfUrl,
        partnerCreatedAt: invoice.createdAt.toISOString(),
        paidAt: isoOrNull(invoice.paidAt),
      },
      readAt,
    );
    // An open invoice the partner has tried to collect is a failed payment: one mail per attempt.
    const failed = invoice.status === 'open' && invoice.attemptCount > 0;
    if (failed) {
      await work.notices.add({
        key: `payment_failed:${invoice.id}:${invoice.attemptCount}`,
        userId,
        kind: 'payment_failed',
        details: {
          amount: invoice.amountDue - invoice.amountPaid,
          currency: invoice.currency,
          hostedUrl: invoice.hostedUrl,
        },
      });
    }
    return { outcome: 'applied', userIds: [], corrections: [], mailQueued: failed };
  }

  async function applyRefund(
    work: WorkRepositories,
    { value: refund }: ReadObject<PartnerRefund>,
  ): Promise<ApplyResult> {
    const id =
      (await work.subscriptions.findRefundByPartnerId(refund.id))?.id ??
      refund.metadata.questa_refund_id;
    if (!id) return none('ignored');
    const known = await work.subscriptions.setRefund(id, {
      partnerRefundId: refund.id,
      status: refund.status,
    });
    return none(known ? 'applied' : 'ignored');
  }

  return {
    applySubscription,

    async apply(work: WorkRepositories, snapshot: Snapshot, source: Source): Promise<ApplyResult> {
      switch (snapshot.kind) {
        case 'subscription':
          return applySubscription(work, snapshot.subscription, source);
        case 'invoice':
          return applyInvoice(work, snapshot.invoice);
        case 'refund':
          return applyRefund(work, snapshot.refund);
        case 'checkout': {
          const closed = await applyCheckout(work, snapshot.checkout);
          if (!snapshot.subscription || closed.outcome !== 'applied') return closed;
          const applied = await applySubscription(work, snapshot.subscription, source);
          return {
            outcome: applied.outcome,
            userIds: [...new Set([...closed.userIds, ...applied.userIds])],
            corrections: applied.corrections,
            limitsDue: applied.limitsDue ?? false,
          };
        }
      }
    },
  };
}

export type BillingSync = ReturnType<typeof createBillingSync>;
