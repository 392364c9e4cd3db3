import type { PlanPrice, PromotionCode, SubscriptionStatus } from '@questa/contracts';
import type { BillingInterval } from '@questa/contracts/rules';
import { currencyDigits, formatMoney, type Translate } from '../../lib/i18n';

/**
 * Currencies the forms offer for a price or an amount off. The payment partner takes any ISO 4217
 * code; these are the ones a European platform is likely to sell in.
 */
export const offeredCurrencies = [
  'eur',
  'usd',
  'gbp',
  'chf',
  'sek',
  'dkk',
  'nok',
  'pln',
  'cad',
  'aud',
];

/** "€9.00 a month": a price as admins read it. */
export function priceLabel(
  t: Translate,
  locale: string,
  price: { amount: number; currency: string; interval: BillingInterval },
): string {
  const amount = formatMoney(price.amount, price.currency, locale);
  return price.interval === 'year'
    ? t('admin.billing.perYear', { amount })
    : t('admin.billing.perMonth', { amount });
}

/** "25% off" or "€5.00 off", and for how long. */
export function discountLabel(t: Translate, locale: string, code: PromotionCode): string {
  const off =
    code.discount.type === 'percent'
      ? t('admin.codes.percentOff', { percent: code.discount.percentOff })
      : t('admin.codes.amountOff', {
          amount: formatMoney(code.discount.amountOff, code.discount.currency, locale),
        });
  const duration =
    code.duration === 'repeating'
      ? t('admin.codes.forMonths', { count: code.durationMonths ?? 1 })
      : code.duration === 'forever'
        ? t('admin.codes.forever')
        : t('admin.codes.once');
  return `${off}, ${duration}`;
}

export const statusTone = (status: SubscriptionStatus) =>
  status === 'active' || status === 'trialing'
    ? ('success' as const)
    : status === 'past_due'
      ? ('danger' as const)
      : ('neutral' as const);

/**
 * An amount typed in the currency's main unit ("9.50", or "9,50" as German readers write it) in
 * its minor unit (950), as the API takes it; undefined when it is not such an amount.
 */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const digits = currencyDigits(currency);
  const normalized = text.trim().replace(',', '.');
  const pattern = digits > 0 ? new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`) : /^\d+$/;
  if (!pattern.test(normalized)) return undefined;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The reverse of `toMinorUnits`, for a form field: 950 → "9.50". */
export function fromMinorUnits(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

export const activePrices = (prices: readonly PlanPrice[]) => prices.filter((p) => p.active);
