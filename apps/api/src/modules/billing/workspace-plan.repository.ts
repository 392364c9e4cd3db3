import type { Invoice, SubscriptionStatus } from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb } from '../../db/json';
import type { ApiDb, ApiTables } from '../../db/tables';

/*
 * A workspace's billing rows: its account (name, customer at the partner, owners last seen), its
 * pending checkout, its subscription with seats, and its invoices. Every lookup names the
 * workspace, so one workspace's rows are never reached through another's.
 */

export interface WorkspaceCheckoutRow {
  id: string;
  clientId: string;
  priceId: string;
  seats: number;
  status: ApiTables['workspace_checkouts']['status'];
  partnerSessionId: string | null;
  url: string | null;
  expiresAt: string;
}

export interface WorkspaceSubscriptionState {
  clientId: string;
  partnerItemId: string | null;
  planId: string | null;
  priceId: string | null;
  seats: number;
  status: SubscriptionStatus;
  partnerStatus: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  startedAt: string;
  endedAt: string | null;
}

export interface StoredWorkspaceSubscription extends WorkspaceSubscriptionState {
  id: string;
  partnerSubscriptionId: string;
  syncedAt: string;
}

export interface WorkspaceInvoiceState {
  clientId: string;
  partnerInvoiceId: string;
  partnerSubscriptionId: string | null;
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

const iso = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

const checkoutColumns = [
  'id',
  'client_id as clientId',
  'price_id as priceId',
  'seats',
  'status',
  'partner_session_id as partnerSessionId',
  'url',
  'expires_at as expiresAt',
] as const;

const subscriptionColumns = [
  'id',
  'client_id as clientId',
  'partner_subscription_id as partnerSubscriptionId',
  'partner_item_id as partnerItemId',
  'plan_id as planId',
  'price_id as priceId',
  'seats',
  'status',
  'partner_status as partnerStatus',
  'current_period_start as currentPeriodStart',
  'current_period_end as currentPeriodEnd',
  'cancel_at_period_end as cancelAtPeriodEnd',
  'started_at as startedAt',
  'ended_at as endedAt',
  'synced_at as syncedAt',
] as const;

const toCheckout = (row: WorkspaceCheckoutRow): WorkspaceCheckoutRow => ({
  ...row,
  expiresAt: iso(row.expiresAt)!,
});

const toSubscription = (row: StoredWorkspaceSubscription): StoredWorkspaceSubscription => ({
  ...row,
  currentPeriodStart: iso(row.currentPeriodStart),
  currentPeriodEnd: iso(row.currentPeriodEnd),
  startedAt: iso(row.startedAt)!,
  endedAt: iso(row.endedAt),
  syncedAt: iso(row.syncedAt)!,
});

const subscriptionValues = (state: WorkspaceSubscriptionState, syncedAt: Date) => ({
  client_id: state.clientId,
  partner_item_id: state.partnerItemId,
  plan_id: state.planId,
  price_id: state.priceId,
  seats: state.seats,
  status: state.status,
  partner_status: state.partnerStatus,
  current_period_start: state.currentPeriodStart,
  current_period_end: state.currentPeriodEnd,
  cancel_at_period_end: state.cancelAtPeriodEnd,
  started_at: state.startedAt,
  ended_at: state.endedAt,
  synced_at: syncedAt.toISOString(),
});

export function createWorkspacePlanRepository(db: ApiDb) {
  async function pendingCheckout(clientId: string): Promise<WorkspaceCheckoutRow | undefined> {
    const row = await db
      .selectFrom('workspace_checkouts')
      .select(checkoutColumns)
      .where('client_id', '=', clientId)
      .where('status', 'in', ['creating', 'open'])
      .executeTakeFirst();
    return row && toCheckout(row);
  }

  return {
    /** Records the workspace's name and its owners as the question database just listed them. */
    async saveAccount(clientId: string, name: string, ownerSubs: string[]) {
      await db
        .insertInto('workspace_billing_accounts')
        .values({ client_id: clientId, name, owner_subs: jsonb(ownerSubs) })
        .onConflict((conflict) =>
          conflict.column('client_id').doUpdateSet({
            name,
            owner_subs: jsonb(ownerSubs),
            owners_seen_at: sql<string>`now()`,
          }),
        )
        .execute();
    },

    async customerOf(clientId: string): Promise<string | null> {
      const row = await db
        .selectFrom('workspace_billing_accounts')
        .select('partner_customer_id')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.partner_customer_id ?? null;
    },

    /** Keeps the first customer recorded for a workspace; returns the one that is kept. */
    async saveCustomer(clientId: string, customerId: string): Promise<string> {
      const row = await db
        .updateTable('workspace_billing_accounts')
        .set({
          partner_customer_id: sql<string>`coalesce(partner_customer_id, ${customerId})`,
        })
        .where('client_id', '=', clientId)
        .returning('partner_customer_id')
        .executeTakeFirstOrThrow();
      return row.partner_customer_id!;
    },

    /** The workspace a partner customer pays for, if Questa created it for one. */
    async clientOfCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('workspace_billing_accounts')
        .select('client_id')
        .where('partner_customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.client_id;
    },

    /** The workspace's name and its owners (main API user ids of their subjects) to tell. */
    async ownersToTell(clientId: string): Promise<{ name: string; userIds: string[] }> {
      const account = await db
        .selectFrom('workspace_billing_accounts')
        .select(['name', 'owner_subs'])
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!account || account.owner_subs.length === 0)
        return { name: account?.name ?? '', userIds: [] };
      const users = await db
        .selectFrom('users')
        .select('id')
        .where('sub', 'in', account.owner_subs)
        .execute();
      return { name: account.name, userIds: users.map((user) => user.id) };
    },

    pendingCheckout,

    /** Counts a change of the plan that the question database's limits must follow. */
    async markLimitsDue(clientId: string): Promise<void> {
      await db
        .updateTable('workspace_billing_accounts')
        .set({ limits_revision: sql<string>`limits_revision + 1` })
        .where('client_id', '=', clientId)
        .execute();
    },

    /** Workspaces whose limits the question database has not yet taken, with the revision due. */
    async limitsDue(limit: number): Promise<{ clientId: string; revision: number }[]> {
      const rows = await db
        .selectFrom('workspace_billing_accounts')
        .select(['client_id', 'limits_revision'])
        .where(sql<boolean>`limits_revision > limits_sent_revision`)
        .orderBy('client_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        clientId: row.client_id,
        revision: Number(row.limits_revision),
      }));
    },

    /** The question database took `revision`; a later one counted meanwhile is still due. */
    async limitsSent(clientId: string, revision: number): Promise<void> {
      await db
        .updateTable('workspace_billing_accounts')
        .set({
          limits_sent_revision: sql<string>`greatest(limits_sent_revision, ${String(revision)}::bigint)`,
        })
        .where('client_id', '=', clientId)
        .execute();
    },

    /** Claims the workspace's one pending checkout, or finds the one claimed a moment earlier. */
    async claimCheckout(values: {
      id: string;
      clientId: string;
      priceId: string;
      seats: number;
      expiresAt: Date;
    }): Promise<{ checkout: WorkspaceCheckoutRow; claimed: boolean }> {
      const inserted = await db
        .insertInto('workspace_checkouts')
        .values({
          id: values.id,
          client_id: values.clientId,
          price_id: values.priceId,
          seats: values.seats,
          status: 'creating',
          expires_at: values.expiresAt.toISOString(),
        })
        .onConflict((conflict) =>
          conflict.column('client_id').where('status', 'in', ['creating', 'open']).doNothing(),
        )
        .returning(checkoutColumns)
        .executeTakeFirst();
      if (inserted) return { checkout: toCheckout(inserted), claimed: true };
      const existing = await pendingCheckout(values.clientId);
      if (!existing) return this.claimCheckout(values);
      return { checkout: existing, claimed: false };
    },

    async markCheckoutOpen(
      id: string,
      session: { id: string; url: string | null; expiresAt: Date },
    ) {
      await db
        .updateTable('workspace_checkouts')
        .set({
          status: 'open',
          partner_session_id: session.id,
          url: session.url,
          expires_at: session.expiresAt.toISOString(),
        })
        .where('id', '=', id)
        .where('status', '=', 'creating')
        .execute();
    },

    async releaseCheckout(id: string) {
      await db
        .deleteFrom('workspace_checkouts')
        .where('id', '=', id)
        .where('status', '=', 'creating')
        .execute();
    },

    async findCheckout(where: { id?: string; partnerSessionId?: string }) {
      let query = db.selectFrom('workspace_checkouts').select(checkoutColumns);
      if (where.id) query = query.where('id', '=', where.id);
      else if (where.partnerSessionId)
        query = query.where('partner_session_id', '=', where.partnerSessionId);
      else return undefined;
      const row = await query.executeTakeFirst();
      return row && toCheckout(row);
    },

    async closeCheckout(id: string, status: 'complete' | 'expired') {
      const result = await db
        .updateTable('workspace_checkouts')
        .set({ status, closed_at: sql<string>`now()` })
        .where('id', '=', id)
        .where('status', 'in', ['creating', 'open'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The workspace's newest subscription: the one that runs, or the one that ended last. */
    async current(clientId: string): Promise<StoredWorkspaceSubscription | undefined> {
      const row = await db
        .selectFrom('workspace_subscriptions')
        .select(subscriptionColumns)
        .where('client_id', '=', clientId)
        .orderBy(sql`status in ('trialing', 'active', 'past_due')`, 'desc')
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
      return row && toSubscription(row as StoredWorkspaceSubscription);
    },

    async lockByPartnerId(partnerSubscriptionId: string) {
      const row = await db
        .selectFrom('workspace_subscriptions')
        .select(subscriptionColumns)
        .where('partner_subscription_id', '=', partnerSubscriptionId)
        .forUpdate()
        .executeTakeFirst();
      return row && toSubscription(row as StoredWorkspaceSubscription);
    },

    /** Inserts the subscription unless another transaction did first (then undefined). */
    async insertSubscription(
      partnerSubscriptionId: string,
      state: WorkspaceSubscriptionState,
      syncedAt: Date,
    ): Promise<string | undefined> {
      const row = await db
        .insertInto('workspace_subscriptions')
        .values({
          partner_subscription_id: partnerSubscriptionId,
          ...subscriptionValues(state, syncedAt),
        })
        .onConflict((conflict) => conflict.column('partner_subscription_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async updateSubscription(id: string, state: WorkspaceSubscriptionState, syncedAt: Date) {
      await db
        .updateTable('workspace_subscriptions')
        .set({ ...subscriptionValues(state, syncedAt), updated_at: sql<string>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async lockInvoiceByPartnerId(partnerInvoiceId: string) {
      const row = await db
        .selectFrom('workspace_invoices')
        .select(['id', 'synced_at as syncedAt', 'attempt_count as attemptCount'])
        .where('partner_invoice_id', '=', partnerInvoiceId)
        .forUpdate()
        .executeTakeFirst();
      return row && { ...row, syncedAt: iso(row.syncedAt)! };
    },

    async saveInvoice(state: WorkspaceInvoiceState, syncedAt: Date) {
      const values = {
        client_id: state.clientId,
        partner_subscription_id: state.partnerSubscriptionId,
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
      await db
        .insertInto('workspace_invoices')
        .values({ partner_invoice_id: state.partnerInvoiceId, ...values })
        .onConflict((conflict) => conflict.column('partner_invoice_id').doUpdateSet(values))
        .execute();
    },

    async invoices(clientId: string): Promise<Invoice[]> {
      const rows = await db
        .selectFrom('workspace_invoices')
        .select([
          'id',
          'number',
          'status',
          'currency',
          'amount_due as amountDue',
          'amount_paid as amountPaid',
          'period_start as periodStart',
          'period_end as periodEnd',
          'partner_created_at as createdAt',
          'hosted_url as hostedUrl',
          'pdf_url as pdfUrl',
        ])
        .where('client_id', '=', clientId)
        .orderBy('partner_created_at', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        ...row,
        amountRefunded: 0,
        periodStart: iso(row.periodStart),
        periodEnd: iso(row.periodEnd),
        createdAt: iso(row.createdAt)!,
      }));
    },
  };
}

export type WorkspacePlanRepository = ReturnType<typeof createWorkspacePlanRepository>;
