import type { LocaleMessages, MessageKey, PluralForms, PluralKey, TextKey } from './messages';

export type Params = Record<string, string | number>;

export interface Translate {
  (key: PluralKey, params: Params & { count: number }): string;
  (key: TextKey, params?: Params): string;
  /**
   * Whether a key built at run time has a message. Deliberately not a type guard: callers type the
   * key with a template literal, so a missing message stays a compile error.
   */
  has(key: string): boolean;
}

/**
 * Returns `t(key, params)` for one locale. Keys missing from the locale fall back to English;
 * `{name}` placeholders take `params.name`, numbers formatted for the locale.
 */
export function createTranslator(
  locale: string,
  messages: LocaleMessages,
  fallback: LocaleMessages,
): Translate {
  const pluralRules = new Intl.PluralRules(locale);
  const numberFormat = new Intl.NumberFormat(locale);

  const format = (value: string | number) =>
    typeof value === 'number' ? numberFormat.format(value) : value;

  const pluralForm = (forms: PluralForms, count: unknown) =>
    typeof count === 'number' ? (forms[pluralRules.select(count)] ?? forms.other) : forms.other;

  const t = (key: MessageKey, params: Params = {}) => {
    const entry = messages[key] ?? fallback[key];
    if (entry === undefined) return key;
    const template = typeof entry === 'string' ? entry : pluralForm(entry, params.count);
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = params[name];
      return value === undefined ? placeholder : format(value);
    });
  };
  const has = (key: string) => Object.hasOwn(messages, key) || Object.hasOwn(fallback, key);
  return Object.assign(t, { has }) as Translate;
}
