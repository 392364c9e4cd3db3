/** The language's name in the reader's language, e.g. `de` → "German" for an English reader. */
export function languageName(code: string, inLocale: string): string {
  try {
    return new Intl.DisplayNames([inLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
}

/** Digits after the decimal point in `currency`'s minor unit: 2 for EUR, 0 for JPY. */
export function currencyDigits(currency: string): number {
  return currencyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in the currency's minor unit (cents for EUR), as the payment partner counts it, in
 * the reader's way of writing money: `formatMoney(950, 'eur', 'de')` is "9,50 €".
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const format = currencyFormat(currency, locale);
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
