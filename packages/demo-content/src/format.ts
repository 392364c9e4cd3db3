export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Rounds away float noise, drops trailing zeros and groups thousands: 12500.5 → "12,500.5". */
export function formatNumber(value: number, decimals = 6): string {
  const rounded = round(value, decimals);
  let digits = Math.abs(rounded).toFixed(decimals);
  if (digits.includes('.')) digits = digits.replace(/0+$/, '').replace(/\.$/, '');
  const [whole = '0', fraction] = digits.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** `+ 3` or `- 3`, for writing terms after the first one. */
export function signed(value: number): string {
  return value < 0 ? `- ${Math.abs(value)}` : `+ ${value}`;
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Unicode superscript digits, for powers in option text that may not be rendered as math. */
export function superscript(value: number): string {
  return String(value).replace(/\d/g, (digit) => SUPERSCRIPTS[Number(digit)] ?? digit);
}
