import { createHash } from 'node:crypto';

/**
 * What a test card does when charged, after Stripe's documented test cards:
 * - `pays`: every charge succeeds;
 * - `declines`: every charge is declined, with the given decline code;
 * - `declines_later`: the payment made while the customer is present (checkout, the portal,
 *   an invoice page) succeeds, and charges made without them (renewals, retries) are declined.
 *   Stripe's 4000 0000 0000 0341 attaches and then declines every charge; the sandbox lets its
 *   first on-session payment through so a renewal failure can be tried without a trial period.
 */
export type CardBehaviour =
  | { kind: 'pays' }
  | { kind: 'declines'; declineCode: string; message: string }
  | { kind: 'declines_later'; declineCode: string; message: string };

interface TestCard {
  number: string;
  brand: string;
  behaviour: CardBehaviour;
  description: string;
}

const GENERIC = { declineCode: 'generic_decline', message: 'Your card was declined.' };

/** The cards the hosted pages accept; any other number is refused as a real card would be here. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', behaviour: { kind: 'pays' }, description: 'Pays.' },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    behaviour: { kind: 'pays' },
    description: 'Pays (Mastercard).',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: { kind: 'declines', ...GENERIC },
    description: 'Declined.',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: {
      kind: 'declines',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
    description: 'Declined for insufficient funds.',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: { kind: 'declines_later', ...GENERIC },
    description: 'Pays now; renewals are declined.',
  },
];

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export type CardCheck =
  | { ok: true; card: TestCard; last4: string; fingerprint: string }
  | { ok: false; code: 'incorrect_number' | 'card_declined'; message: string };

/** Reads a card number as typed (spaces and dashes allowed) and finds its test behaviour. */
export function checkCardNumber(typed: string): CardCheck {
  const digits = typed.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const card = TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!card) {
    return {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. This is a sandbox: use one of the test cards listed on this page.',
    };
  }
  const fingerprint = createHash('sha256').update(digits).digest('base64url').slice(0, 16);
  return { ok: true, card, last4: digits.slice(-4), fingerprint };
}

/** Whether a charge with this card succeeds, and if not, why. */
export function chargeOutcome(
  behaviour: CardBehaviour,
  onSession: boolean,
): { paid: true } | { paid: false; declineCode: string; message: string } {
  if (behaviour.kind === 'pays') return { paid: true };
  if (behaviour.kind === 'declines_later' && onSession) return { paid: true };
  return { paid: false, declineCode: behaviour.declineCode, message: behaviour.message };
}

/** Reads "MM / YY" or "MM/YYYY"; undefined when it is no date. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}
