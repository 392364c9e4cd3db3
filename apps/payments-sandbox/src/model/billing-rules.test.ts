import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../modules/webhooks/signature';
import { previousAttributes } from '../store/diff';
import { discountAmount } from './discounts';
import type { CouponObject } from './objects';
import { prorate } from './proration';
import { checkCardNumber, chargeOutcome, parseExpiry } from './test-cards';
import { addInterval, periodEndAfter } from './time';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('billing periods', () => {
  it('keeps the anchor’s day, clamping to short months without drifting', () => {
    const anchor = at('2031-01-31T10:00:00Z');
    expect(addInterval(anchor, 'month', 1)).toBe(at('2031-02-28T10:00:00Z'));
    expect(addInterval(anchor, 'month', 2)).toBe(at('2031-03-31T10:00:00Z'));
    expect(addInterval(at('2032-02-29T00:00:00Z'), 'year', 1)).toBe(at('2033-02-28T00:00:00Z'));
    expect(addInterval(anchor, 'week', 2)).toBe(anchor + 14 * 86_400);
  });

  it('finds the period that follows a given start, counted from the anchor', () => {
    const anchor = at('2031-01-31T10:00:00Z');
    const monthly = { interval: 'month' as const, interval_count: 1 };
    expect(periodEndAfter(anchor, at('2031-02-28T10:00:00Z'), monthly)).toBe(
      at('2031-03-31T10:00:00Z'),
    );
  });
});

describe('money rules', () => {
  it('prorates the unused and remaining time of a period', () => {
    expect(prorate({ oldAmount: 900, newAmount: 600, start: 0, end: 100, at: 50 })).toEqual({
      credit: -450,
      charge: 300,
    });
    expect(prorate({ oldAmount: 900, newAmount: 600, start: 0, end: 100, at: 100 })).toEqual({
      credit: -0,
      charge: 0,
    });
  });

  it('takes a percentage or an amount off, never more than the subtotal', () => {
    const coupon = (fields: Partial<CouponObject>) =>
      ({ percent_off: null, amount_off: null, currency: null, ...fields }) as CouponObject;
    expect(discountAmount(coupon({ percent_off: 25 }), 900, 'eur')).toBe(225);
    expect(discountAmount(coupon({ amount_off: 1000, currency: 'eur' }), 900, 'eur')).toBe(900);
    expect(discountAmount(coupon({ amount_off: 100, currency: 'usd' }), 900, 'eur')).toBe(0);
  });
});

describe('test cards', () => {
  it('behaves as Stripe’s test cards do, with 0341 paying only while the customer is present', () => {
    const pays = checkCardNumber('4242 4242 4242 4242');
    const later = checkCardNumber('4000-0000-0000-0341');
    const declined = checkCardNumber('4000000000000002');
    if (!pays.ok || !later.ok || !declined.ok) throw new Error('test cards must be known');
    expect(pays.last4).toBe('4242');
    expect(chargeOutcome(pays.card.behaviour, false)).toEqual({ paid: true });
    expect(chargeOutcome(later.card.behaviour, true)).toEqual({ paid: true });
    expect(chargeOutcome(later.card.behaviour, false)).toMatchObject({
      paid: false,
      declineCode: 'generic_decline',
    });
    expect(chargeOutcome(declined.card.behaviour, true)).toMatchObject({ paid: false });
  });

  it('refuses numbers that fail the Luhn check, and real cards', () => {
    expect(checkCardNumber('4242 4242 4242 4241')).toMatchObject({
      ok: false,
      code: 'incorrect_number',
    });
    expect(checkCardNumber('4111 1111 1111 1111')).toMatchObject({
      ok: false,
      code: 'card_declined',
    });
  });

  it('reads expiry dates as people type them', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1/2031')).toEqual({ month: 1, year: 2031 });
    expect(parseExpiry('13/30')).toBeUndefined();
  });
});

describe('events', () => {
  it('signs "timestamp.payload" with HMAC-SHA256 under the secret, as the v1 scheme', () => {
    const expected = createHmac('sha256', 'whsec_test').update('1700000000.{"a":1}').digest('hex');
    expect(signatureHeader('{"a":1}', 'whsec_test', 1_700_000_000)).toBe(
      `t=1700000000,v1=${expected}`,
    );
  });

  it('reports the old value of every field that changed, nested objects field by field', () => {
    expect(
      previousAttributes(
        {
          status: 'active',
          cancel_at_period_end: false,
          items: { url: 'x', data: [1] },
          metadata: { a: '1' },
        },
        {
          status: 'active',
          cancel_at_period_end: true,
          items: { url: 'x', data: [2] },
          metadata: { a: '1', b: '2' },
        },
      ),
    ).toEqual({ cancel_at_period_end: false, items: { data: [1] }, metadata: { b: null } });
    expect(previousAttributes({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});
