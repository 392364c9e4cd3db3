import type {
  Invoice,
  Refund,
  RefundReason,
  Subscription,
  SubscriptionChange,
  SubscriptionChangeSource,
  SubscriptionStatus,
} from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb, ApiTables } from '../../db/tables';
import { subscriptionColumns, toSubscription } from './subscription-view';

/** The fields of a subscription that come from the partner; what a sync compares and writes. */
export interface SubscriptionState {
  userId: string;
  partnerCustomerId: string;
  planId: string | null;
  priceId: string | null;
  status: SubscriptionStatus;
  partnerStatus: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
  startedAt: string;
  endedAt: string | null;
}

export interface StoredSubscription extends SubscriptionState {
  id: string;
  partnerSubscriptionId: string;
  syncedAt: string;
}

export interface InvoiceState {
  userId: string;
  partnerInvoiceId: string;
  partnerSubscriptionId: string | null;
  partnerPaymentIntentId: string | null;
  number: string | null;
  status: Invoice['status'];
  currency: string;
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  periodStart: string | null;
  periodEnd: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  partnerCreatedAt: string;
  paidAt: string | null;
}

export interface InvoiceRow extends Invoice {
  userId: string;
  partnerPaymentIntentId: string | null;
}

const iso = (value: string | null) => value && new Date(value).toISOString();
const isoOr = (value: string) => new Date(value).toISOString();

const stateColumns = [
  'id',
  'user_id as userId',
  'partner_subscription_id as partnerSubscriptionId',
  'partner_customer_id as partnerCustomerId',
  'plan_id as planId',
  'price_id as priceId',
  'status',
  'partner_status as partnerStatus',
  'current_period_start as currentPeriodStart',
  'current_period_end as currentPeriodEnd',
  'cancel_at_period_end as cancelAtPeriodEnd',
  'trial_end as trialEnd',
  'started_at as startedAt',
  'ended_at as endedAt',
  'synced_at as syncedAt',
] as const;

const toStored = (row: StoredSubscription): StoredSubscription => ({
  ...row,
  currentPeriodStart: iso(row.currentPeriodStart),
  currentPeriodEnd: iso(row.currentPeriodEnd),
  trialEnd: iso(row.trialEnd),
  startedAt: isoOr(row.startedAt),
  endedAt: iso(row.endedAt),
  syncedAt: isoOr(row.syncedAt),
});

const toRow = (state: SubscriptionState) => ({
  user_id: state.userId,
  partner_customer_id: state.partnerCustomerId,
  plan_id: state.planId,
  price_id: state.priceId,
  status: state.status,
  partner_status: state.partnerStatus,
  current_period_start: state.currentPeriodStart,
  current_period_end: state.currentPeriodEnd,
  cancel_at_period_end: state.cancelAtPeriodEnd,
  trial_end: state.trialEnd,
  started_at: state.startedAt,
  ended_at: state.endedAt,
});

/** Refunds that hold part of an invoice's payment: done, under way, or being asked for. */
const holding = ['creating', 'pending', 'succeeded'] as const;

/**
 * Subscriptions, invoices and refunds as the partner last reported them, the history of each
 * subscription, and the partner events already applied.
 */
export function createSubscriptionRepository(db: ApiDb) {
  const subscriptionView = () =>
    db
      .selectFrom('billing_subscriptions as s')
      .leftJoin('billing_plans as p', 'p.id', 's.plan_id')
      .leftJoin('billing_prices as pr', 'pr.id', 's.price_id')
      .select([
        ...subscriptionColumns,
        's.user_id as userId',
        's.partner_customer_id as partnerCustomerId',
      ]);
  type ViewRow = Awaited<ReturnType<ReturnType<typeof subscriptionView>['execute']>>[number];
  const toView = (row: ViewRow): Subscription & { userId: string; partnerCustomerId: string } => ({
    ...toSubscription(row),
    userId: row.userId,
    partnerCustomerId: row.partnerCustomerId,
  });

  const invoiceView = () =>
    db
      .selectFrom('billing_invoices as i')
      .select([
        'i.id',
        'i.user_id as userId',
        'i.number',
        'i.status',
        'i.currency',
        'i.amount_due as amountDue',
        'i.amount_paid as amountPaid',
        'i.period_start as periodStart',
        'i.period_end as periodEnd',
        'i.partner_created_at as createdAt',
        'i.hosted_url as hostedUrl',
        'i.pdf_url as pdfUrl',
        'i.partner_payment_intent_id as partnerPaymentIntentId',
        sql<number>`coalesce((select sum(r.amount) from ${table('billing_refunds')} r where r.invoice_id = i.id and r.status in ('pending', 'succeeded')), 0)`.as(
          'amountRefunded',
        ),
      ]);
  type InvoiceViewRow = Awaited<ReturnType<ReturnType<typeof invoiceView>['execute']>>[number];
  const toInvoice = (row: InvoiceViewRow): InvoiceRow => ({
    ...row,
    amountDue: Number(row.amountDue),
    amountPaid: Number(row.amountPaid),
    amountRefunded: Number(row.amountRefunded),
    periodStart: iso(row.periodStart),
    periodEnd: iso(row.periodEnd),
    createdAt: isoOr(row.createdAt),
  });

  const refundColumns = [
    'r.id',
    'r.invoice_id as invoiceId',
    'r.amount',
    'r.currency',
    'r.reason',
    'r.status',
    'r.created_by as createdBy',
    'r.created_at as createdAt',
  ] as const;
  const toRefund = (row: {
    id: string;
    invoiceId: string;
    amount: number;
    currency: string;
    reason: RefundReason | null;
    status: ApiTables['billing_refunds']['status'];
    createdBy: string | null;
    createdAt: string;
  }): Refund => ({
    ...row,
    amount: Number(row.amount),
    // A refund being asked for shows as pending: to a reader it is under way.
    status: row.status === 'creating' ? 'pending' : row.status,
    createdAt: isoOr(row.createdAt),
  });

  return {
    // ---- subscriptions ------------------------------------------------------------------------

    /** The stored subscription for a partner id, locked until the transaction ends. */
    async lockByPartnerId(partnerSubscriptionId: string): Promise<StoredSubscription | undefined> {
      const row = await db
        .selectFrom('billing_subscriptions')
        .select(stateColumns)
        .where('partner_subscription_id', '=', partnerSubscriptionId)
        .forUpdate()
        .executeTakeFirst();
      return row && toStored(row);
    },

    async userOfPartnerSubscription(partnerSubscriptionId: string) {
      const row = await db
        .selectFrom('billing_subscriptions')
        .select('user_id')
        .where('partner_subscription_id', '=', partnerSubscriptionId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Inserts a subscription first seen; undefined when another writer got there first. */
    async insert(partnerSubscriptionId: string, state: SubscriptionState, syncedAt: Date) {
      const row = await db
        .insertInto('billing_subscriptions')
        .values({
          ...toRow(state),
          partner_subscription_id: partnerSubscriptionId,
          synced_at: syncedAt.toISOString(),
        })
        .onConflict((conflict) => conflict.column('partner_subscription_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async update(id: string, state: SubscriptionState, syncedAt: Date) {
      await db
        .updateTable('billing_subscriptions')
        .set({ ...toRow(state), synced_at: syncedAt.toISOString(), updated_at: sql<string>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Only the read time moves: the partner said nothing new. */
    async touch(id: string, syncedAt: Date) {
      await db
        .updateTable('billing_subscriptions')
        .set({ synced_at: syncedAt.toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async recordChange(change: {
      subscriptionId: string;
      source: SubscriptionChangeSource;
      status: SubscriptionStatus;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }) {
      await db
        .insertInto('billing_subscription_changes')
        .values({
          subscription_id: change.subscriptionId,
          source: change.source,
          status: change.status,
          before: jsonb(change.before),
          after: jsonb(change.after),
        })
        .execute();
    },

    async history(subscriptionIds: string[]) {
      if (subscriptionIds.length === 0) return [];
      const rows = await db
        .selectFrom('billing_subscription_changes')
        .select(['subscription_id as subscriptionId', 'at', 'source', 'status', 'before', 'after'])
        .where('subscription_id', 'in', subscriptionIds)
        .orderBy('id')
        .execute();
      return rows.map((row): SubscriptionChange & { subscriptionId: string } => ({
        ...row,
        at: isoOr(row.at),
      }));
    },

    /** A subscription, only if it is this learner's: another's answers like a missing one. */
    async findForUser(id: string, userId: string) {
      const row = await subscriptionView()
        .where('s.id', '=', id)
        .where('s.user_id', '=', userId)
        .executeTakeFirst();
      return row && toView(row);
    },

    async find(id: string) {
      const row = await subscriptionView().where('s.id', '=', id).executeTakeFirst();
      return row && toView(row);
    },

    /** The subscription that decides a learner's plan: a running one first, else the latest. */
    async currentForUser(userId: string) {
      const row = await subscriptionView()
        .where('s.user_id', '=', userId)
        .orderBy(sql`s.status in ('trialing', 'active', 'past_due')`, 'desc')
        .orderBy('s.started_at', 'desc')
        .executeTakeFirst();
      return row && toView(row);
    },

    async listForUser(userId: string) {
      const rows = await subscriptionView()
        .where('s.user_id', '=', userId)
        .orderBy('s.started_at', 'desc')
        .execute();
      return rows.map(toView);
    },

    async hasRunning(userId: string) {
      const row = await db
        .selectFrom('billing_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['trialing', 'active', 'past_due'])
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Yearly subscriptions renewing within `days` whose renewal has not been announced yet. */
    async yearlyRenewalsDue(days: number, limit: number) {
      return db
        .selectFrom('billing_subscriptions as s')
        .innerJoin('billing_prices as pr', 'pr.id', 's.price_id')
        .leftJoin('billing_plans as p', 'p.id', 's.plan_id')
        .select([
          's.id',
          's.user_id as userId',
          's.current_period_end as currentPeriodEnd',
          'pr.amount',
          'pr.currency',
          'p.name as planName',
        ])
        .where('pr.interval', '=', 'year')
        .where('s.status', '=', 'active')
        .where('s.cancel_at_period_end', '=', false)
        .where('s.current_period_end', '>', sql<string>`now()`)
        .where('s.current_period_end', '<=', sql<string>`now() + make_interval(days => ${days})`)
        .where((eb) =>
          eb.or([
            eb('s.renewal_notice_for', 'is', null),
            eb('s.renewal_notice_for', '<>', eb.ref('s.current_period_end')),
          ]),
        )
        .limit(limit)
        .execute();
    },

    /** Marks a renewal announced; false when another process announced it first. */
    async markRenewalNoticed(id: string, periodEnd: string) {
      const result = await db
        .updateTable('billing_subscriptions')
        .set({ renewal_notice_for: periodEnd })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('renewal_notice_for', 'is', null), eb('renewal_notice_for', '<>', periodEnd)]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    // ---- invoices -----------------------------------------------------------------------------

    async lockInvoiceByPartnerId(partnerInvoiceId: string) {
      return db
        .selectFrom('billing_invoices')
        .select(['id', 'synced_at as syncedAt', 'status', 'attempt_count as attemptCount'])
        .where('partner_invoice_id', '=', partnerInvoiceId)
        .forUpdate()
        .executeTakeFirst();
    },

    async saveInvoice(state: InvoiceState, syncedAt: Date) {
      const values = {
        user_id: state.userId,
        partner_invoice_id: state.partnerInvoiceId,
        partner_subscription_id: state.partnerSubscriptionId,
        partner_payment_intent_id: state.partnerPaymentIntentId,
        number: state.number,
        status: state.status,
        currency: state.currency,
        amount_due: state.amountDue,
        amount_paid: state.amountPaid,
        attempt_count: state.attemptCount,
        period_start: state.periodStart,
        period_end: state.periodEnd,
        hosted_url: state.hostedUrl,
        pdf_url: state.pdfUrl,
        partner_created_at: state.partnerCreatedAt,
        paid_at: state.paidAt,
        synced_at: syncedAt.toISOString(),
      };
      const { user_id: _user, partner_invoice_id: _id, ...changes } = values;
      const row = await db
        .insertInto('billing_invoices')
        .values(values)
        .onConflict((conflict) => conflict.column('partner_invoice_id').doUpdateSet(changes))
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async invoicesForUser(userId: string): Promise<InvoiceRow[]> {
      const rows = await invoiceView()
        .where('i.user_id', '=', userId)
        .where('i.status', '<>', 'draft')
        .orderBy('i.partner_created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map(toInvoice);
    },

    /** An invoice, only if it is this learner's: another's answers like a missing one. */
    async invoiceForUser(id: string, userId: string): Promise<InvoiceRow | undefined> {
      const row = await invoiceView()
        .where('i.id', '=', id)
        .where('i.user_id', '=', userId)
        .where('i.status', '<>', 'draft')
        .executeTakeFirst();
      return row && toInvoice(row);
    },

    async findInvoice(id: string): Promise<InvoiceRow | undefined> {
      const row = await invoiceView().where('i.id', '=', id).executeTakeFirst();
      return row && toInvoice(row);
    },

    // ---- refunds ------------------------------------------------------------------------------

    /**
     * Claims part of an invoice's payment for a refund, under the invoice's lock so that two
     * refunds cannot both take the same money. Undefined when less remains than asked.
     */
    async claimRefund(claim: {
      id: string;
      invoiceId: string;
      amount: number | undefined;
      reason: RefundReason | null;
      createdBy: string;
    }): Promise<{ amount: number; currency: string } | { remaining: number }> {
      const invoice = await db
        .selectFrom('billing_invoices')
        .select(['amount_paid', 'currency'])
        .where('id', '=', claim.invoiceId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const held = await db
        .selectFrom('billing_refunds')
        .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
        .where('invoice_id', '=', claim.invoiceId)
        .where('status', 'in', holding)
        .executeTakeFirstOrThrow();
      const remaining = Number(invoice.amount_paid) - Number(held.total);
      const amount = claim.amount ?? remaining;
      if (amount <= 0 || amount > remaining) return { remaining };
      await db
        .insertInto('billing_refunds')
        .values({
          id: claim.id,
          invoice_id: claim.invoiceId,
          amount,
          currency: invoice.currency,
          reason: claim.reason,
          status: 'creating',
          created_by: claim.createdBy,
        })
        .execute();
      return { amount, currency: invoice.currency };
    },

    async releaseRefund(id: string) {
      await db
        .deleteFrom('billing_refunds')
        .where('id', '=', id)
        .where('status', '=', 'creating')
        .execute();
    },

    async setRefund(id: string, values: { partnerRefundId?: string; status: Refund['status'] }) {
      const result = await db
        .updateTable('billing_refunds')
        .set({
          ...(values.partnerRefundId && { partner_refund_id: values.partnerRefundId }),
          status: values.status,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findRefundByPartnerId(partnerRefundId: string) {
      return db
        .selectFrom('billing_refunds')
        .select(['id', 'status'])
        .where('partner_refund_id', '=', partnerRefundId)
        .executeTakeFirst();
    },

    async findRefund(id: string): Promise<Refund | undefined> {
      const row = await db
        .selectFrom('billing_refunds as r')
        .select(refundColumns)
        .where('r.id', '=', id)
        .executeTakeFirst();
      return row && toRefund(row);
    },

    async refundsForUser(userId: string): Promise<Refund[]> {
      const rows = await db
        .selectFrom('billing_refunds as r')
        .innerJoin('billing_invoices as i', 'i.id', 'r.invoice_id')
        .select(refundColumns)
        .where('i.user_id', '=', userId)
        .orderBy('r.created_at', 'desc')
        .execute();
      return rows.map(toRefund);
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
