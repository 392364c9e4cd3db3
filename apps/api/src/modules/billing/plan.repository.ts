import type {
  BillingInterval,
  Plan,
  PlanFeatures,
  PlanPrice,
  PromotionCode,
  PromotionDuration,
} from '@questa/contracts';
import { sql, type Selectable } from '@questa/db';
import type { ApiDb, ApiTables } from '../../db/tables';
import { jsonb } from '../../db/json';

export interface PlanRow extends Plan {
  partnerProductId: string | null;
}
export interface PriceRow extends PlanPrice {
  planId: string;
  partnerPriceId: string | null;
}
export interface PromotionCodeRow extends PromotionCode {
  partnerPromotionCodeId: string;
}

export interface NewPromotionCode {
  id: string;
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  duration: PromotionDuration;
  durationMonths: number | null;
  maxRedemptions: number | null;
  expiresAt: string | null;
  partnerCouponId: string;
  partnerPromotionCodeId: string;
  createdBy: string;
}

const iso = (value: string) => new Date(value).toISOString();

type PriceSelect = Selectable<ApiTables['billing_prices']>;

const toPrice = (row: PriceSelect): PriceRow => ({
  id: row.id,
  planId: row.plan_id,
  currency: row.currency,
  interval: row.interval,
  amount: Number(row.amount),
  active: row.active,
  createdAt: iso(row.created_at),
  partnerPriceId: row.partner_price_id,
});

export function createPlanRepository(db: ApiDb) {
  async function pricesOf(planIds: string[]): Promise<PriceRow[]> {
    if (planIds.length === 0) return [];
    const rows = await db
      .selectFrom('billing_prices')
      .selectAll()
      .where('plan_id', 'in', planIds)
      .orderBy('interval')
      .orderBy('currency')
      .orderBy('created_at')
      .execute();
    return rows.map(toPrice);
  }

  async function plans(where: {
    id?: string;
    onSale?: boolean;
    kinds?: PlanRow['kind'][];
  }): Promise<PlanRow[]> {
    let query = db.selectFrom('billing_plans').selectAll();
    if (where.id) query = query.where('id', '=', where.id);
    if (where.kinds) query = query.where('kind', 'in', where.kinds);
    if (where.onSale) query = query.where('active', '=', true);
    const rows = await query.orderBy('kind').orderBy('created_at').execute();
    const prices = await pricesOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      description: row.description,
      trialDays: row.trial_days,
      features: row.features,
      active: row.active,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      partnerProductId: row.partner_product_id,
      prices: prices
        .filter((price) => price.planId === row.id && (!where.onSale || price.active))
        .map(({ planId: _plan, partnerPriceId: _partner, ...price }) => price),
    }));
  }

  return {
    /** Every plan with every price, archived ones too (the admin's view). */
    list: () => plans({}),
    /** Learners' plans on sale with their active prices (the learner's view). */
    onSale: () => plans({ onSale: true, kinds: ['free', 'paid'] }),
    /** The workspace plan on sale, with its seat prices (the workspace owner's view). */
    workspaceOnSale: () => plans({ onSale: true, kinds: ['workspace'] }),
    find: async (id: string) => (await plans({ id }))[0],

    async findPrice(id: string): Promise<PriceRow | undefined> {
      const row = await db
        .selectFrom('billing_prices')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toPrice(row);
    },

    /** Prices of a plan, archived ones included: a change must see what was already used. */
    pricesOf: (planId: string) => pricesOf([planId]),

    /** The Questa price behind a partner price, so a subscription knows its plan. */
    async findByPartnerPrice(partnerPriceId: string) {
      return db
        .selectFrom('billing_prices')
        .select(['id', 'plan_id as planId'])
        .where('partner_price_id', '=', partnerPriceId)
        .executeTakeFirst();
    },

    async create(plan: {
      id: string;
      kind: 'free' | 'paid' | 'workspace';
      seedKey?: string;
      name: string;
      description: string;
      trialDays: number;
      features: PlanFeatures;
    }) {
      const inserted = await db
        .insertInto('billing_plans')
        .values({
          id: plan.id,
          kind: plan.kind,
          seed_key: plan.seedKey ?? null,
          name: plan.name,
          description: plan.description,
          trial_days: plan.trialDays,
          features: jsonb(plan.features),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async update(
      id: string,
      changes: Partial<{
        name: string;
        description: string;
        trialDays: number;
        features: PlanFeatures;
        active: boolean;
      }>,
    ) {
      await db
        .updateTable('billing_plans')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.description !== undefined && { description: changes.description }),
          ...(changes.trialDays !== undefined && { trial_days: changes.trialDays }),
          ...(changes.features !== undefined && { features: jsonb(changes.features) }),
          ...(changes.active !== undefined && { active: changes.active }),
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async addPrice(price: {
      id: string;
      planId: string;
      currency: string;
      interval: BillingInterval;
      amount: number;
    }) {
      await db
        .insertInto('billing_prices')
        .values({
          id: price.id,
          plan_id: price.planId,
          currency: price.currency,
          interval: price.interval,
          amount: price.amount,
        })
        .execute();
    },

    async archivePrice(id: string) {
      await db
        .updateTable('billing_prices')
        .set({ active: false, archived_at: sql<string>`now()` })
        .where('id', '=', id)
        .where('active', '=', true)
        .execute();
    },

    /** Records the partner's product once; a second writer keeps the first one's. */
    async setPartnerProduct(planId: string, productId: string) {
      await db
        .updateTable('billing_plans')
        .set({ partner_product_id: productId })
        .where('id', '=', planId)
        .where('partner_product_id', 'is', null)
        .execute();
    },

    async setPartnerPrice(priceId: string, partnerPriceId: string) {
      await db
        .updateTable('billing_prices')
        .set({ partner_price_id: partnerPriceId })
        .where('id', '=', priceId)
        .where('partner_price_id', 'is', null)
        .execute();
    },

    async listPromotionCodes(): Promise<PromotionCodeRow[]> {
      const rows = await db
        .selectFrom('billing_promotion_codes')
        .selectAll()
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toPromotionCode);
    },

    async findPromotionCode(id: string): Promise<PromotionCodeRow | undefined> {
      const row = await db
        .selectFrom('billing_promotion_codes')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toPromotionCode(row);
    },

    /** An active code as a learner typed it (any case), if it has not run out by date. */
    async findRedeemable(code: string): Promise<PromotionCodeRow | undefined> {
      const row = await db
        .selectFrom('billing_promotion_codes')
        .selectAll()
        .where(sql<boolean>`lower(code) = lower(${code})`)
        .where('active', '=', true)
        .where((eb) =>
          eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<string>`now()`)]),
        )
        .executeTakeFirst();
      return row && toPromotionCode(row);
    },

    async codeInUse(code: string) {
      const row = await db
        .selectFrom('billing_promotion_codes')
        .select('id')
        .where(sql<boolean>`lower(code) = lower(${code})`)
        .where('active', '=', true)
        .executeTakeFirst();
      return row !== undefined;
    },

    async addPromotionCode(code: NewPromotionCode) {
      await db
        .insertInto('billing_promotion_codes')
        .values({
          id: code.id,
          code: code.code,
          percent_off: code.percentOff,
          amount_off: code.amountOff,
          currency: code.currency,
          duration: code.duration,
          duration_months: code.durationMonths,
          max_redemptions: code.maxRedemptions,
          expires_at: code.expiresAt,
          partner_coupon_id: code.partnerCouponId,
          partner_promotion_code_id: code.partnerPromotionCodeId,
          created_by: code.createdBy,
        })
        .execute();
    },

    async withdrawPromotionCode(id: string) {
      await db
        .updateTable('billing_promotion_codes')
        .set({ active: false })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type PlanRepository = ReturnType<typeof createPlanRepository>;

function toPromotionCode(row: {
  id: string;
  code: string;
  percent_off: number | string | null;
  amount_off: number | string | null;
  currency: string | null;
  duration: PromotionDuration;
  duration_months: number | null;
  max_redemptions: number | null;
  expires_at: string | null;
  active: boolean;
  partner_promotion_code_id: string;
  created_at: string;
}): PromotionCodeRow {
  return {
    id: row.id,
    code: row.code,
    discount:
      row.percent_off !== null
        ? { type: 'percent', percentOff: Number(row.percent_off) }
        : { type: 'amount', amountOff: Number(row.amount_off), currency: row.currency ?? '' },
    duration: row.duration,
    durationMonths: row.duration_months,
    maxRedemptions: row.max_redemptions,
    expiresAt: row.expires_at && iso(row.expires_at),
    active: row.active,
    createdAt: iso(row.created_at),
    partnerPromotionCodeId: row.partner_promotion_code_id,
  };
}
