export interface TextRules {
  caseSensitive: boolean;
  whitespace: 'collapse' | 'exact';
}

/**
 * How typed text is compared with an accepted answer; both sides go through this.
 * - Unicode NFC always: "é" typed as e + combining accent (NFD, common on macOS and some
 *   keyboards) looks identical to the precomposed "é" and must match it.
 * - `collapse`: trim, then fold every run of white space (any Unicode space, tab or newline) into
 *   one ordinary space. `exact`: white space is compared as typed.
 * - Not case-sensitive: `toLowerCase()`, which is locale-independent, so the result is the same on
 *   every server whatever its locale.
 */
export const normaliseText = (text: string, rules: TextRules): string => {
  let out = text.normalize('NFC');
  if (rules.whitespace === 'collapse') out = out.trim().replace(/\s+/gu, ' ');
  if (!rules.caseSensitive) out = out.toLowerCase();
  return out;
};

/**
 * Matching answers are picked from a list, not typed, so only invisible differences are forgiven:
 * NFC and surrounding white space. Case and inner spacing must be as authored.
 */
export const normaliseChoice = (text: string): string => text.normalize('NFC').trim();

/**
 * Spelled-out names accepted for a few common units, keyed by the symbol authors are expected to
 * write. Kept short on purpose: anything not listed must match the question's unit exactly (after
 * `normaliseUnit`). Both the question's unit and the learner's go through the table, so an author
 * may equally write "metres".
 */
const unitAliases: Record<string, readonly string[]> = {
  m: ['metre', 'metres', 'meter', 'meters'],
  km: ['kilometre', 'kilometres', 'kilometer', 'kilometers'],
  cm: ['centimetre', 'centimetres', 'centimeter', 'centimeters'],
  mm: ['millimetre', 'millimetres', 'millimeter', 'millimeters'],
  g: ['gram', 'grams', 'gramme', 'grammes'],
  kg: ['kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kilo', 'kilos'],
  s: ['sec', 'secs', 'second', 'seconds'],
  min: ['mins', 'minute', 'minutes'],
  h: ['hr', 'hrs', 'hour', 'hours'],
  l: ['litre', 'litres', 'liter', 'liters'],
  ml: ['millilitre', 'millilitres', 'milliliter', 'milliliters'],
  '°c': ['degc', 'celsius', 'degrees celsius'],
  '°f': ['degf', 'fahrenheit', 'degrees fahrenheit'],
  k: ['kelvin', 'kelvins'],
  '%': ['percent', 'per cent'],
  '°': ['deg', 'degree', 'degrees'],
  'km/h': ['kph', 'kmh'],
  'm/s': ['mps'],
};

const aliasToSymbol = new Map<string, string>(
  Object.entries(unitAliases).flatMap(([symbol, names]) => names.map((name) => [name, symbol])),
);

/**
 * Units compare ignoring case and surrounding spaces (so "KG" matches "kg"; the price is that
 * "Mm" matches "mm", which no question here is expected to depend on). NFKC folds compatibility
 * forms a keyboard may produce: the micro sign "µ" becomes Greek "μ", "℃" becomes "°C" and a
 * superscript "m²" becomes "m2". Inner runs of space fold to one.
 */
export const normaliseUnit = (unit: string): string => {
  const folded = unit.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
  return aliasToSymbol.get(folded) ?? folded;
};
