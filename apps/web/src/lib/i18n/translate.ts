import {
  fallbackMessages,
  type LocaleMessages,
  type MessageKey,
  type PluralForms,
  type PluralKey,
  type TextKey,
} from './messages';

export type Params = Record<string, string | number>;

export interface Translate {
  (key: PluralKey, params: Params & { count: number }): string;
  (key: TextKey, params?: Params): string;
}

/**
 * Returns `t(key, params)` for one locale. Keys missing from the locale fall back to English;
 * `{name}` placeholders take `params.name`, numbers formatted for the locale.
 */
export function createTranslator(
  locale: string,
  messages: LocaleMessages,
  fallback: LocaleMessages = fallbackMessages,
): Translate {
  const pluralRules = new Intl.PluralRules(locale);
  const numberFormat = new Intl.NumberFormat(locale);

  const format = (value: string | number) =>
    typeof value === 'number' ? numberFormat.format(value) : value;

  const pluralForm = (forms: PluralForms, count: unknown) =>
    typeof count === 'number' ? (forms[pluralRules.select(count)] ?? forms.other) : forms.other;

  return ((key: MessageKey, params: Params = {}) => {
    const entry = messages[key] ?? fallback[key];
    if (entry === undefined) return key;
    const template = typeof entry === 'string' ? entry : pluralForm(entry, params.count);
    return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const value = params[name];
      return value === undefined ? placeholder : format(value);
    });
  }) as Translate;
}
