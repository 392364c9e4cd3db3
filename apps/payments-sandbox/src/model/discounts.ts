import type { CouponObject, DiscountObject } from './objects';

/** What a coupon takes off a subtotal, never more than the subtotal. */
export function discountAmount(coupon: CouponObject, subtotal: number, currency: string): number {
  if (subtotal <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  if (coupon.amount_off !== null && coupon.currency === currency) {
    return Math.min(coupon.amount_off, subtotal);
  }
  return 0;
}

/** Whether a discount still applies to an invoice made at `at`. */
export function discountActive(discount: DiscountObject, at: number): boolean {
  return discount.end === null || at < discount.end;
}

/**
 * When a discount made at `start` ends: `repeating` lasts whole months, `forever` never ends,
 * and `once` stays open until the first invoice with something to discount uses it up.
 */
export function discountEnd(coupon: CouponObject, addMonths: (n: number) => number) {
  if (coupon.duration === 'repeating') return addMonths(coupon.duration_in_months ?? 1);
  return null;
}

/** A coupon may be redeemed while not deleted, before its deadline and under its limit. */
export function couponValid(coupon: CouponObject, at: number): boolean {
  if (coupon.deleted) return false;
  if (coupon.redeem_by !== null && at > coupon.redeem_by) return false;
  return coupon.max_redemptions === null || coupon.times_redeemed < coupon.max_redemptions;
}
