import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { saveLocale } from './detect-locale';
import type { Catalogue, LocaleMessages } from './messages';
import { createTranslator, type Translate } from './translate';

export interface LoadedLocale {
  /** Every message the page can show; `messages` are those of `locale`. */
  catalogue: Catalogue;
  locale: string;
  messages: LocaleMessages;
}

interface I18nContextValue {
  locale: string;
  locales: readonly string[];
  t: Translate;
  changeLocale: (locale: string) => Promise<void>;
}

const I18nContext = createContext<I18nContextValue | null>(null);

export function I18nProvider({
  initial,
  children,
}: {
  initial: LoadedLocale;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);

  useEffect(() => {
    document.documentElement.lang = current.locale;
  }, [current.locale]);

  const value = useMemo<I18nContextValue>(
    () => ({
      locale: current.locale,
      locales: current.catalogue.locales,
      t: createTranslator(current.locale, current.messages, current.catalogue.english),
      changeLocale: async (locale) => {
        try {
          const messages = await current.catalogue.load(locale);
          saveLocale(locale);
          setCurrent({ catalogue: current.catalogue, locale, messages });
        } catch {
          // The language file did not arrive (offline, or a newer release replaced it); the page
          // stays readable in the current language.
        }
      },
    }),
    [current],
  );

  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18nContextValue {
  const value = use(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>.');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
