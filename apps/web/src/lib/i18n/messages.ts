import type en from '../../locales/en.json';

/** English is the reference catalogue: its keys are the only valid message keys. */
export type Messages = typeof en;
export type MessageKey = keyof Messages;
export type PluralKey = { [K in MessageKey]: Messages[K] extends string ? never : K }[MessageKey];
export type TextKey = Exclude<MessageKey, PluralKey>;
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type LocaleMessages = Partial<Record<MessageKey, string | PluralForms>>;

export const defaultLocale = 'en';

/**
 * The messages one page can show, in every language: English at hand, as the fallback for a
 * message a language lacks, and each other language loaded when it is chosen. The app's catalogue
 * (app-messages.ts) has every message; the live player's page has only its own, so a phone
 * joining a room does not download the words of the whole app.
 */
export interface Catalogue {
  english: LocaleMessages;
  locales: readonly string[];
  load(locale: string): Promise<LocaleMessages>;
}

/** A catalogue from English and a loader per other language, keyed by the file's path. */
export function defineCatalogue(
  english: LocaleMessages,
  loaders: Record<string, () => Promise<LocaleMessages>>,
): Catalogue {
  const byLocale = new Map(
    Object.entries(loaders).map(([path, load]) => [
      path.replace(/^.*\/|\.json(\?.*)?$/g, ''),
      load,
    ]),
  );
  byLocale.delete(defaultLocale);
  return {
    english,
    locales: [defaultLocale, ...byLocale.keys()].sort(),
    load: async (locale) => {
      const load = byLocale.get(locale);
      return load ? load() : english;
    },
  };
}
