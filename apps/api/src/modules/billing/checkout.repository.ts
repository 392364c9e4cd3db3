import type { Checkout } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ApiDb, ApiTables } from '../../db/tables';

export interface CheckoutRow extends Omit<Checkout, 'status'> {
  userId: string;
  status: ApiTables['billing_checkouts']['status'];
  promotionCodeId: string | null;
  partnerSessionId: string | null;
}

const columns = [
  'id',
  'user_id as userId',
  'plan_id as planId',
  'price_id as priceId',
  'promotion_code_id as promotionCodeId',
  'status',
  'partner_session_id as partnerSessionId',
  'url',
  'expires_at as expiresAt',
  'created_at as createdAt',
] as const;

const toCheckout = (row: CheckoutRow): CheckoutRow => ({
  ...row,
  expiresAt: new Date(row.expiresAt).toISOString(),
  createdAt: new Date(row.createdAt).toISOString(),
});

/** Learners' customers at the partner, and the checkouts they start there. */
export function createCheckoutRepository(db: ApiDb) {
  async function customerOf(userId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('billing_customers')
      .select('partner_customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.partner_customer_id;
  }

  async function pending(userId: string, planId?: string): Promise<CheckoutRow | undefined> {
    let query = db
      .selectFrom('billing_checkouts')
      .select(columns)
      .where('user_id', '=', userId)
      .where('status', 'in', ['creating', 'open']);
    if (planId) query = query.where('plan_id', '=', planId);
    const row = await query.orderBy('created_at', 'desc').executeTakeFirst();
    return row && toCheckout(row);
  }

  async function claim(values: {
    id: string;
    userId: string;
    planId: string;
    priceId: string;
    promotionCodeId: string | null;
    expiresAt: Date;
  }): Promise<{ checkout: CheckoutRow; claimed: boolean }> {
    const inserted = await db
      .insertInto('billing_checkouts')
      .values({
        id: values.id,
        user_id: values.userId,
        plan_id: values.planId,
        price_id: values.priceId,
        promotion_code_id: values.promotionCodeId,
        status: 'creating',
        expires_at: values.expiresAt.toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'plan_id'])
          .where('status', 'in', ['creating', 'open'])
          .doNothing(),
      )
      .returning(columns)
      .executeTakeFirst();
    if (inserted) return { checkout: toCheckout(inserted), claimed: true };
    const existing = await pending(values.userId, values.planId);
    // Closed between the two statements: a retry finds the place free.
    if (!existing) return claim(values);
    return { checkout: existing, claimed: false };
  }

  return {
    customerOf,
    pending,
    /**
     * Claims the learner's one pending checkout of a plan: a new claim (`claimed`), or the one a
     * click a moment earlier made, which the caller then shares.
     */
    claim,

    /** The learner a partner customer belongs to, if Questa created it. */
    async userOfCustomer(customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('billing_customers')
        .select('user_id')
        .where('partner_customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Keeps the first customer recorded for a learner; returns the one that is kept. */
    async saveCustomer(userId: string, customerId: string): Promise<string> {
      await db
        .insertInto('billing_customers')
        .values({ user_id: userId, partner_customer_id: customerId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return (await customerOf(userId))!;
    },

    async allCustomers(afterUserId: string | undefined, limit: number) {
      let query = db
        .selectFrom('billing_customers')
        .select(['user_id as userId', 'partner_customer_id as customerId'])
        .orderBy('user_id')
        .limit(limit);
      if (afterUserId) query = query.where('user_id', '>', afterUserId);
      return query.execute();
    },

    async find(id: string): Promise<CheckoutRow | undefined> {
      const row = await db
        .selectFrom('billing_checkouts')
        .select(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toCheckout(row);
    },

    async findByPartnerSession(sessionId: string): Promise<CheckoutRow | undefined> {
      const row = await db
        .selectFrom('billing_checkouts')
        .select(columns)
        .where('partner_session_id', '=', sessionId)
        .executeTakeFirst();
      return row && toCheckout(row);
    },

    /** Records the partner's session; the same session again (a shared click) changes nothing. */
    async markOpen(id: string, session: { id: string; url: string | null; expiresAt: Date }) {
      await db
        .updateTable('billing_checkouts')
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

    /** Gives up a claim the partner never answered, so nothing is left half-written. */
    async release(id: string) {
      await db
        .deleteFrom('billing_checkouts')
        .where('id', '=', id)
        .where('status', '=', 'creating')
        .execute();
    },

    async close(id: string, status: 'complete' | 'expired') {
      const result = await db
        .updateTable('billing_checkouts')
        .set({ status, closed_at: sql<string>`now()` })
        .where('id', '=', id)
        .where('status', 'in', ['creating', 'open'])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Open checkouts past their expiry, and claims left behind by a process that died mid-call. */
    async overdue(limit: number): Promise<CheckoutRow[]> {
      const rows = await db
        .selectFrom('billing_checkouts')
        .select(columns)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'open'), eb('expires_at', '<', sql<string>`now()`)]),
            eb.and([
              eb('status', '=', 'creating'),
              eb('created_at', '<', sql<string>`now() - interval '10 minutes'`),
            ]),
          ]),
        )
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      return rows.map(toCheckout);
    },

    async listForUser(userId: string): Promise<CheckoutRow[]> {
      const rows = await db
        .selectFrom('billing_checkouts')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(50)
        .execute();
      return rows.map(toCheckout);
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
