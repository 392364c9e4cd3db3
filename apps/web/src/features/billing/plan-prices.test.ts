import type { Plan } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { aFreePlan, aPremiumPlan } from '../../testing/billing-fixtures';
import { currenciesOf, formatMoney, intervalsOf, priceOf, yearlySaving } from './plan-prices';

describe('plan prices', () => {
  const plans: Plan[] = [aFreePlan(), aPremiumPlan()];

  it('lists the currencies and intervals on sale, months first, leaving withdrawn prices out', () => {
    expect(currenciesOf(plans)).toEqual(['eur', 'usd']);
    expect(intervalsOf(plans, 'eur')).toEqual(['month', 'year']);
    const monthlyOnly = aPremiumPlan({
      prices: aPremiumPlan().prices.map((price) =>
        price.interval === 'year' ? { ...price, active: false } : price,
      ),
    });
    expect(intervalsOf([monthlyOnly], 'usd')).toEqual(['month']);
    expect(priceOf(monthlyOnly, 'usd', 'year')).toBeUndefined();
  });

  it('says what a year saves against twelve months', () => {
    expect(yearlySaving(aPremiumPlan(), 'eur')).toBeCloseTo(1 - 9000 / 10800);
    expect(yearlySaving(aFreePlan(), 'eur')).toBeNull();
  });

  it('writes amounts in minor units the way the reader’s locale writes money', () => {
    expect(formatMoney(900, 'eur', 'en')).toBe('€9.00');
    expect(formatMoney(900, 'eur', 'de').replace(/\s/g, ' ')).toBe('9,00 €');
    expect(formatMoney(999, 'usd', 'en')).toBe('$9.99');
    // A currency without minor units counts whole yen.
    expect(formatMoney(1200, 'jpy', 'en')).toBe('¥1,200');
  });
});
