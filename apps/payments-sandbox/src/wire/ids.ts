import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * An id in Stripe's style: the object's prefix and a random tail. Tails are long enough to be
 * unguessable, because hosted pages are reached by the session's or invoice's id alone.
 */
export const newId = (prefix: string, length = 24) => `${prefix}_${randomToken(length)}`;

/** The prefixes Stripe gives each kind of object. */
export const ID_PREFIX = {
  customer: 'cus',
  product: 'prod',
  price: 'price',
  checkoutSession: 'cs_test',
  portalSession: 'bps',
  subscription: 'sub',
  subscriptionItem: 'si',
  invoice: 'in',
  invoiceLine: 'il',
  invoicePayment: 'inpay',
  paymentIntent: 'pi',
  charge: 'ch',
  refund: 're',
  paymentMethod: 'pm',
  promotionCode: 'promo',
  discount: 'di',
  event: 'evt',
  testClock: 'clock',
  request: 'req',
} as const;
