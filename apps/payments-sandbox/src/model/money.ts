/** Digits after the decimal point in a currency's minor unit: 2 for EUR, 0 for JPY. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * An amount in the currency's minor unit, written for a person in a language: "€9.00", "-$1.50",
 * "9,00 €".
 */
export function formatAmount(amount: number, currency: string, lang = 'en'): string {
  const digits = currencyDigits(currency);
  try {
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount / 10 ** digits);
  } catch {
    return `${(amount / 10 ** digits).toFixed(digits)} ${currency.toUpperCase()}`;
  }
}
