import { randomUUID } from 'node:crypto';
import {
  LEARNING,
  type Plan,
  type PlanCreate,
  type PlanFeatures,
  type PlanUpdate,
  type PriceInput,
  type PromotionCode,
  type PromotionCodeCreate,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { PlanRepository, PlanRow, PriceRow, PromotionCodeRow } from './plan.repository';

export interface Actor {
  sub: string;
  ip: string;
}

const freeFeatures: PlanFeatures = {
  premiumBanks: false,
  unlimitedPractice: false,
  exams: false,
  detailedAnalytics: false,
  hostLiveRooms: false,
  livePlayerLimit: null,
};

/**
 * What a first start sells: the free tier, premium by the month or the year, and the workspace
 * plan, whose prices are per seat and which unlocks nothing for learners.
 */
const defaults = {
  free: {
    name: 'Free',
    description: `Public banks and ${LEARNING.freeDailyAnswers} practice answers a day.`,
    trialDays: 0,
    features: freeFeatures,
    prices: [] as PriceInput[],
  },
  premium: {
    name: 'Premium',
    description:
      'Every premium bank, unlimited practice, timed mock exams, detailed progress and live rooms.',
    trialDays: 7,
    features: {
      premiumBanks: true,
      unlimitedPractice: true,
      exams: true,
      detailedAnalytics: true,
      hostLiveRooms: true,
      livePlayerLimit: 100,
    },
    prices: [
      { currency: 'eur', interval: 'month', amount: 900 },
      { currency: 'eur', interval: 'year', amount: 9000 },
      { currency: 'usd', interval: 'month', amount: 999 },
      { currency: 'usd', interval: 'year', amount: 9999 },
    ] as PriceInput[],
  },
  workspace: {
    name: 'Workspace',
    description:
      'A seat for each member of your workspace, beyond the free workspace’s limits on members, banks and questions.',
    trialDays: 0,
    features: freeFeatures,
    prices: [
      { currency: 'eur', interval: 'month', amount: 600 },
      { currency: 'usd', interval: 'month', amount: 650 },
    ] as PriceInput[],
  },
};
const seedKinds: Record<keyof typeof defaults, PlanRow['kind']> = {
  free: 'free',
  premium: 'paid',
  workspace: 'workspace',
};

const publicPlan = ({ partnerProductId: _partner, ...plan }: PlanRow): Plan => plan;
const publicCode = ({ partnerPromotionCodeId: _partner, ...code }: PromotionCodeRow) =>
  code satisfies PromotionCode;

/**
 * Plans, prices and promotion codes. Questa's rows are the catalogue; the partner's products and
 * prices are created from them when a price is first sold, with keys derived from their ids. A
 * price never changes: a new amount is a new price, and the old one is archived here and at the
 * partner, where its subscribers keep it.
 */
export function createPlanService(deps: {
  plans: PlanRepository;
  unitOfWork: UnitOfWork;
  partner: PaymentPartner;
}) {
  const { plans, partner } = deps;

  async function findPlan(planId: string) {
    const plan = await plans.find(planId);
    if (!plan) throw new HttpProblem('not_found', { detail: 'There is no such plan.' });
    return plan;
  }

  function refuseFreeFeatures(kind: PlanRow['kind'], input: PlanUpdate) {
    if (kind !== 'free') return;
    if (input.prices?.length || Object.values(input.features ?? {}).some((on) => on === true)) {
      throw new HttpProblem('validation.failed', {
        detail: 'The free tier has no prices and unlocks nothing beyond the free allowance.',
        errors: [
          { field: input.prices?.length ? 'prices' : 'features', message: 'must stay empty' },
        ],
      });
    }
  }

  /**
   * The rows a new set of prices makes: same currency, interval and amount keeps its price; any
   * other change archives the old price and adds a new one.
   */
  function priceChanges(current: PriceRow[], wanted: PriceInput[]) {
    const active = current.filter((price) => price.active);
    const key = (p: { currency: string; interval: string }) => `${p.currency}/${p.interval}`;
    const keep = active.filter((price) =>
      wanted.some((w) => key(w) === key(price) && w.amount === price.amount),
    );
    const archive = active.filter((price) => !keep.includes(price));
    const add = wanted
      .filter((w) => !keep.some((price) => key(price) === key(w)))
      .map((w) => ({ ...w, id: randomUUID() }));
    return { archive, add };
  }

  return {
    onSale: async () => (await plans.onSale()).map(publicPlan),
    workspaceOnSale: async () => (await plans.workspaceOnSale()).map(publicPlan),
    list: async () => (await plans.list()).map(publicPlan),

    /** Writes the free tier and premium the first time Questa starts; later starts change nothing. */
    async seedDefaults() {
      await deps.unitOfWork(async (work) => {
        for (const [seedKey, plan] of Object.entries(defaults)) {
          const id = randomUUID();
          const created = await work.plans.create({
            id,
            seedKey,
            kind: seedKinds[seedKey as keyof typeof defaults],
            ...plan,
          });
          if (!created) continue;
          for (const price of plan.prices) {
            await work.plans.addPrice({ ...price, id: randomUUID(), planId: id });
          }
        }
      });
    },

    async create(actor: Actor, input: PlanCreate): Promise<Plan> {
      const id = randomUUID();
      await deps.unitOfWork(async (work) => {
        await work.plans.create({ id, kind: 'paid', ...input });
        for (const price of input.prices) {
          await work.plans.addPrice({ ...price, id: randomUUID(), planId: id });
        }
        await work.audit.record({
          action: 'plan.created',
          actor: actor.sub,
          target: `plan/${id}`,
          ip: actor.ip,
          details: { name: input.name, prices: input.prices, features: input.features },
        });
      });
      return publicPlan(await findPlan(id));
    },

    async update(actor: Actor, planId: string, input: PlanUpdate): Promise<Plan> {
      const plan = await findPlan(planId);
      refuseFreeFeatures(plan.kind, input);
      const changes = input.prices
        ? priceChanges(await plans.pricesOf(planId), input.prices)
        : { archive: [], add: [] };
      // Withdrawing a plan withdraws its prices too, so no checkout can still use them.
      const archive =
        input.active === false
          ? (await plans.pricesOf(planId)).filter((price) => price.active)
          : changes.archive;
      const add = input.active === false ? [] : changes.add;

      // The partner first, with no transaction open: if it cannot be reached nothing changes here.
      const renamed =
        (input.name !== undefined && input.name !== plan.name) ||
        (input.description !== undefined && input.description !== plan.description);
      if (renamed && plan.partnerProductId) {
        await partner.updateProduct(plan.partnerProductId, {
          name: input.name ?? plan.name,
          description: input.description ?? plan.description,
        });
      }
      for (const price of archive) {
        if (price.partnerPriceId) await partner.archivePrice(price.partnerPriceId);
      }

      await deps.unitOfWork(async (work) => {
        const { prices: _prices, ...fields } = input;
        await work.plans.update(planId, fields);
        for (const price of archive) await work.plans.archivePrice(price.id);
        for (const price of add) await work.plans.addPrice({ ...price, planId });
        await work.audit.record({
          action: 'plan.changed',
          actor: actor.sub,
          target: `plan/${planId}`,
          ip: actor.ip,
          details: {
            ...fields,
            archivedPrices: archive.map(({ id, currency, interval, amount }) => ({
              id,
              currency,
              interval,
              amount,
            })),
            addedPrices: add,
          },
        });
      });
      return publicPlan(await findPlan(planId));
    },

    /**
     * A price on sale with the partner's id for it, creating the partner's product and price the
     * first time it is sold (keys derived from Questa's ids make a repeat harmless).
     */
    async priceForCheckout(priceId: string, kind: 'paid' | 'workspace' = 'paid') {
      const price = await plans.findPrice(priceId);
      const plan = price && (await plans.find(price.planId));
      if (!price || !plan || !price.active || !plan.active || plan.kind !== kind) {
        throw new HttpProblem('validation.failed', {
          detail: 'This price is not on sale any more. Reload the plans and choose again.',
          errors: [{ field: 'priceId', message: 'is not on sale' }],
        });
      }
      let productId = plan.partnerProductId;
      if (!productId) {
        await plans.setPartnerProduct(plan.id, await partner.createProduct(plan));
        productId = (await findPlan(plan.id)).partnerProductId!;
      }
      let partnerPriceId = price.partnerPriceId;
      if (!partnerPriceId) {
        await plans.setPartnerPrice(price.id, await partner.createPrice(price, productId));
        partnerPriceId = (await plans.findPrice(price.id))!.partnerPriceId!;
      }
      return { plan, price, partnerPriceId };
    },

    listPromotionCodes: async () => (await plans.listPromotionCodes()).map(publicCode),

    /** A code a learner typed, if it can still be redeemed. */
    async redeemable(code: string) {
      const found = await plans.findRedeemable(code);
      if (!found) {
        throw new HttpProblem('validation.failed', {
          detail: 'This promotion code is not valid. Check it, or subscribe without it.',
          errors: [{ field: 'promotionCode', message: 'is not a valid code' }],
        });
      }
      return found;
    },

    async createPromotionCode(actor: Actor, input: PromotionCodeCreate) {
      if (await plans.codeInUse(input.code)) {
        throw new HttpProblem('validation.failed', {
          detail: 'An active promotion code already reads like this.',
          errors: [{ field: 'code', message: 'is already in use' }],
        });
      }
      const id = randomUUID();
      const discount = input.discount;
      const fields = {
        id,
        code: input.code,
        percentOff: discount.type === 'percent' ? discount.percentOff : null,
        amountOff: discount.type === 'amount' ? discount.amountOff : null,
        currency: discount.type === 'amount' ? discount.currency : null,
        duration: input.duration,
        durationMonths: input.durationMonths,
        maxRedemptions: input.maxRedemptions,
        expiresAt: input.expiresAt,
      };
      // Codes exist at the partner at once, so the hosted checkout page takes them too.
      const created = await partner.createPromotionCode({
        ...fields,
        expiresAt: fields.expiresAt === null ? null : new Date(fields.expiresAt),
      });
      await deps.unitOfWork(async (work) => {
        await work.plans.addPromotionCode({
          ...fields,
          partnerCouponId: created.couponId,
          partnerPromotionCodeId: created.promotionCodeId,
          createdBy: actor.sub,
        });
        await work.audit.record({
          action: 'promotion_code.created',
          actor: actor.sub,
          target: `promotion-code/${id}`,
          ip: actor.ip,
          details: { code: input.code, discount, duration: input.duration },
        });
      });
      return publicCode((await plans.findPromotionCode(id))!);
    },

    async withdrawPromotionCode(actor: Actor, codeId: string) {
      const code = await plans.findPromotionCode(codeId);
      if (!code) throw new HttpProblem('not_found', { detail: 'There is no such promotion code.' });
      if (code.active) {
        await partner.withdrawPromotionCode(code.partnerPromotionCodeId);
        await deps.unitOfWork(async (work) => {
          await work.plans.withdrawPromotionCode(codeId);
          await work.audit.record({
            action: 'promotion_code.withdrawn',
            actor: actor.sub,
            target: `promotion-code/${codeId}`,
            ip: actor.ip,
            details: { code: code.code },
          });
        });
      }
      return publicCode((await plans.findPromotionCode(codeId))!);
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
