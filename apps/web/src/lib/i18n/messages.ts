import en from '../../locales/en.json';

/** English is the reference catalogue: its keys are the only valid message keys. */
export type Messages = typeof en;
export type MessageKey = keyof Messages;
export type PluralKey = { [K in MessageKey]: Messages[K] extends string ? never : K }[MessageKey];
export type TextKey = Exclude<MessageKey, PluralKey>;
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type LocaleMessages = Partial<Record<MessageKey, string | PluralForms>>;

export const defaultLocale = 'en';
export const fallbackMessages: LocaleMessages = en;

// English ships in the entry chunk as the fallback; every other locale is its own lazy chunk, so a
// new language is one new JSON file.
const loaders = import.meta.glob<LocaleMessages>(
  ['../../locales/*.json', '!../../locales/en.json'],
  {
    import: 'default',
  },
);
const loaderByLocale = new Map(
  Object.entries(loaders).map(([path, load]) => [path.replace(/^.*\/|\.json$/g, ''), load]),
);

export const availableLocales: readonly string[] = [defaultLocale, ...loaderByLocale.keys()].sort();

export async function loadMessages(locale: string): Promise<LocaleMessages> {
  const load = loaderByLocale.get(locale);
  return load ? load() : fallbackMessages;
}

/**
 * Whether a key built at run time exists. Deliberately not a type guard: callers type the key with
 * a template literal, so a missing message stays a compile error.
 */
export function hasMessage(key: string): boolean {
  return Object.hasOwn(fallbackMessages, key);
}
