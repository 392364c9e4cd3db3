import { couponValid } from '../../model/discounts';
import { initialMetadata, mergeMetadata } from '../../model/metadata';
import type {
  CouponObject,
  InvoiceObject,
  Metadata,
  PromotionCodeObject,
} from '../../model/objects';
import type { Ledger, RequestInfo } from '../../store/ledger';
import type { FieldFilter, StoredObject } from '../../store/object.repository';
import { invalidRequest, resourceMissing } from '../../wire/errors';
import { ID_PREFIX, newId, randomToken } from '../../wire/ids';
import type { PageParams } from '../../wire/list';
import { retrieveData, type ServiceKit } from '../service-kit';

export interface CouponInput {
  id?: string | undefined;
  percentOff?: number | undefined;
  amountOff?: number | undefined;
  currency?: string | undefined;
  duration: CouponObject['duration'];
  durationInMonths?: number | undefined;
  name?: string | undefined;
  maxRedemptions?: number | undefined;
  redeemBy?: number | undefined;
  metadata?: Metadata | null | undefined;
}

export interface PromotionCodeInput {
  coupon: string;
  code?: string | undefined;
  active?: boolean | undefined;
  customer?: string | undefined;
  expiresAt?: number | undefined;
  maxRedemptions?: number | undefined;
  metadata?: Metadata | null | undefined;
  firstTimeTransaction?: boolean | undefined;
  minimumAmount?: number | undefined;
  minimumAmountCurrency?: string | undefined;
}

/**
 * Whether a promotion code can be redeemed now by `customer` on a first invoice of `amount`:
 * undefined when it can, else the sentence a person is shown.
 */
export async function promotionCodeProblem(
  ledger: Ledger,
  promotionCode: PromotionCodeObject,
  options: { customer: string | null; amount: number; currency: string; at: number },
): Promise<string | undefined> {
  const { data: coupon } =
    (await ledger.repositories.objects.find<CouponObject>(promotionCode.promotion.coupon)) ?? {};
  if (!promotionCode.active || !coupon || !couponValid(coupon, options.at)) {
    return 'This code is no longer valid.';
  }
  if (promotionCode.expires_at !== null && options.at > promotionCode.expires_at) {
    return 'This code has expired.';
  }
  if (
    promotionCode.max_redemptions !== null &&
    promotionCode.times_redeemed >= promotionCode.max_redemptions
  ) {
    return 'This code has been used as many times as it may be.';
  }
  if (promotionCode.customer !== null && promotionCode.customer !== options.customer) {
    return 'This code is not valid for this customer.';
  }
  if (coupon.amount_off !== null && coupon.currency !== options.currency) {
    return `This code takes off an amount in ${coupon.currency?.toUpperCase()}, not ${options.currency.toUpperCase()}.`;
  }
  const { restrictions } = promotionCode;
  if (
    restrictions.minimum_amount !== null &&
    (restrictions.minimum_amount_currency !== options.currency ||
      options.amount < restrictions.minimum_amount)
  ) {
    return 'The order is below this code’s minimum amount.';
  }
  if (restrictions.first_time_transaction && options.customer) {
    const paid = await ledger.repositories.objects.list<InvoiceObject>('invoice', {
      customer: options.customer,
      where: { status: 'paid' },
      limit: 1,
    });
    if (paid.data.some((invoice) => invoice.amount_paid > 0)) {
      return 'This code is only for a first purchase.';
    }
  }
  return undefined;
}

/** The active promotion code a person typed, ignoring case. */
export async function findPromotionCode(
  ledger: Ledger,
  code: string,
): Promise<StoredObject<PromotionCodeObject> | undefined> {
  const found = await ledger.repositories.objects.findBy<PromotionCodeObject>(
    'promotion_code',
    'code',
    code.trim(),
    { ignoreCase: true },
  );
  return found && ledger.get<PromotionCodeObject>(found.id, 'promotion_code');
}

/** Coupons (what is taken off, for how long) and the promotion codes customers type for them. */
export function createDiscountService({ work, objects }: ServiceKit) {
  return {
    createCoupon(input: CouponInput, request: RequestInfo) {
      if ((input.percentOff === undefined) === (input.amountOff === undefined)) {
        throw invalidRequest('You must pass exactly one of percent_off or amount_off.', {
          code: 'parameters_exclusive',
          param: 'percent_off',
        });
      }
      if (input.amountOff !== undefined && !input.currency) {
        throw invalidRequest('You must pass currency when passing amount_off.', {
          code: 'parameter_missing',
          param: 'currency',
        });
      }
      if ((input.duration === 'repeating') !== (input.durationInMonths !== undefined)) {
        throw invalidRequest(
          'duration_in_months is required with a repeating duration, and only then.',
          { param: 'duration_in_months' },
        );
      }
      return work(request, async (ledger) => {
        const id = input.id || randomToken(8);
        if (await ledger.repositories.objects.find(id)) {
          throw invalidRequest('Coupon already exists.', {
            code: 'resource_already_exists',
            param: 'id',
          });
        }
        const data: CouponObject = {
          id,
          object: 'coupon',
          amount_off: input.amountOff ?? null,
          created: await ledger.now(null),
          currency: input.amountOff !== undefined ? input.currency!.toLowerCase() : null,
          duration: input.duration,
          duration_in_months: input.durationInMonths ?? null,
          livemode: false,
          max_redemptions: input.maxRedemptions ?? null,
          metadata: initialMetadata(input.metadata),
          name: input.name || null,
          percent_off: input.percentOff ?? null,
          redeem_by: input.redeemBy ?? null,
          times_redeemed: 0,
          valid: true,
        };
        await ledger.insert({ id, type: 'coupon', data });
        ledger.emit('coupon.created', data);
        return data;
      });
    },

    retrieveCoupon: (id: string) => retrieveData<CouponObject>(objects, id, 'coupon', 'coupon'),

    updateCoupon(
      id: string,
      input: { name?: string | undefined; metadata?: Metadata | null | undefined },
      request: RequestInfo,
    ) {
      return work(request, async (ledger) => {
        const coupon = await ledger.require<CouponObject>(id, 'coupon', 'coupon');
        if (coupon.data.deleted) throw resourceMissing('coupon', id);
        const before = structuredClone(coupon.data);
        if (input.name !== undefined) coupon.data.name = input.name || null;
        coupon.data.metadata = mergeMetadata(coupon.data.metadata, input.metadata);
        await ledger.save(coupon);
        ledger.emitChange('coupon.updated', before, coupon.data);
        return coupon.data;
      });
    },

    /** Deleting a coupon stops new redemptions; discounts already given keep running. */
    deleteCoupon(id: string, request: RequestInfo) {
      return work(request, async (ledger) => {
        const coupon = await ledger.require<CouponObject>(id, 'coupon', 'coupon');
        if (coupon.data.deleted) throw resourceMissing('coupon', id);
        coupon.data.deleted = true;
        coupon.data.valid = false;
        await ledger.save(coupon);
        ledger.emit('coupon.deleted', coupon.data);
        return { id, object: 'coupon' as const, deleted: true as const };
      });
    },

    listCoupons(page: PageParams) {
      return objects.list<CouponObject>('coupon', { ...page, where: { deleted: null } });
    },

    createPromotionCode(input: PromotionCodeInput, request: RequestInfo) {
      return work(request, async (ledger) => {
        const coupon = await ledger.require<CouponObject>(
          input.coupon,
          'coupon',
          'coupon',
          'promotion[coupon]',
        );
        const at = await ledger.now(null);
        if (!couponValid(coupon.data, at)) {
          throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, {
            param: 'promotion[coupon]',
          });
        }
        if (input.customer) {
          await ledger.require(input.customer, 'customer', 'customer', 'customer');
        }
        const code = input.code?.trim() || randomToken(8).toUpperCase();
        const existing = await findPromotionCode(ledger, code);
        if (existing?.data.active) {
          throw invalidRequest(`An active promotion code with \`code: ${code}\` already exists.`, {
            code: 'resource_already_exists',
            param: 'code',
          });
        }
        const id = newId(ID_PREFIX.promotionCode);
        const data: PromotionCodeObject = {
          id,
          object: 'promotion_code',
          active: input.active ?? true,
          code,
          created: at,
          customer: input.customer ?? null,
          customer_account: null,
          expires_at: input.expiresAt ?? null,
          livemode: false,
          max_redemptions: input.maxRedemptions ?? null,
          metadata: initialMetadata(input.metadata),
          promotion: { type: 'coupon', coupon: coupon.id },
          restrictions: {
            currency_options: {},
            first_time_transaction: input.firstTimeTransaction ?? false,
            minimum_amount: input.minimumAmount ?? null,
            minimum_amount_currency: input.minimumAmountCurrency?.toLowerCase() ?? null,
          },
          times_redeemed: 0,
        };
        await ledger.insert({ id, type: 'promotion_code', data });
        ledger.emit('promotion_code.created', data);
        return data;
      });
    },

    retrievePromotionCode: (id: string) =>
      retrieveData<PromotionCodeObject>(objects, id, 'promotion_code', 'promotion code'),

    updatePromotionCode(
      id: string,
      input: { active?: boolean | undefined; metadata?: Metadata | null | undefined },
      request: RequestInfo,
    ) {
      return work(request, async (ledger) => {
        const promotionCode = await ledger.require<PromotionCodeObject>(
          id,
          'promotion_code',
          'promotion code',
        );
        const before = structuredClone(promotionCode.data);
        if (input.active === true && !before.active) {
          const other = await findPromotionCode(ledger, before.code);
          if (other && other.id !== id && other.data.active) {
            throw invalidRequest(
              `An active promotion code with \`code: ${before.code}\` already exists.`,
              {
                param: 'active',
              },
            );
          }
        }
        if (input.active !== undefined) promotionCode.data.active = input.active;
        promotionCode.data.metadata = mergeMetadata(promotionCode.data.metadata, input.metadata);
        await ledger.save(promotionCode);
        ledger.emitChange('promotion_code.updated', before, promotionCode.data);
        return promotionCode.data;
      });
    },

    listPromotionCodes(
      filter: {
        code?: string | undefined;
        active?: boolean | undefined;
        coupon?: string | undefined;
        customer?: string | undefined;
      },
      page: PageParams,
    ) {
      const where: FieldFilter = {};
      if (filter.code !== undefined) where.code = filter.code;
      if (filter.active !== undefined) where.active = filter.active;
      if (filter.coupon !== undefined) where['promotion.coupon'] = filter.coupon;
      if (filter.customer !== undefined) where.customer = filter.customer;
      return objects.list<PromotionCodeObject>('promotion_code', { ...page, where });
    },
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
