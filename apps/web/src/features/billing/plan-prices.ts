import { billingIntervals, type BillingInterval } from '@questa/contracts/rules';
import type { Plan, PlanPrice } from '@questa/contracts';

/*
 * Which prices the plans are sold at, as the billing page offers them: one currency and one
 * interval at a time, every plan side by side.
 */

const onSale = (plan: Plan) => plan.prices.filter((price) => price.active);

/** Currencies any plan is sold in, in the order the plans list them. */
export function currenciesOf(plans: readonly Plan[]): string[] {
  return [...new Set(plans.flatMap((plan) => onSale(plan).map((price) => price.currency)))];
}

/** Intervals any plan is sold at in `currency`, months before years. */
export function intervalsOf(plans: readonly Plan[], currency: string): BillingInterval[] {
  const sold = new Set(
    plans.flatMap((plan) =>
      onSale(plan)
        .filter((price) => price.currency === currency)
        .map((price) => price.interval),
    ),
  );
  return billingIntervals.filter((interval) => sold.has(interval));
}

export function priceOf(
  plan: Plan,
  currency: string,
  interval: BillingInterval,
): PlanPrice | undefined {
  return onSale(plan).find((price) => price.currency === currency && price.interval === interval);
}

/** What paying by the year saves against twelve months, as a share (0.17), or null if nothing. */
export function yearlySaving(plan: Plan, currency: string): number | null {
  const month = priceOf(plan, currency, 'month');
  const year = priceOf(plan, currency, 'year');
  if (!month || !year) return null;
  const saving = 1 - year.amount / (month.amount * 12);
  return saving > 0.005 ? saving : null;
}

/** An amount in the currency's minor unit, written as the reader's locale writes money. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
