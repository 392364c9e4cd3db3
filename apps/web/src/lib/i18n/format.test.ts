import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney } from './format';

describe('money', () => {
  it('reads amounts in the currency’s minor unit, written the reader’s way', () => {
    expect(formatMoney(950, 'eur', 'en')).toBe('€9.50');
    expect(formatMoney(950, 'eur', 'de').replace(/\s/g, ' ')).toBe('9,50 €');
    expect(formatMoney(999, 'usd', 'en')).toBe('$9.99');
    expect(formatMoney(500, 'jpy', 'en')).toBe('¥500');
  });

  it('knows how many digits a currency’s minor unit has', () => {
    expect(currencyDigits('eur')).toBe(2);
    expect(currencyDigits('jpy')).toBe(0);
  });
});
