import { readPreference, writePreference } from '../storage';
import type { LoadedLocale } from './i18n-provider';
import { defaultLocale, type Catalogue } from './messages';

const storageKey = 'questa.locale';

/** The first requested tag we have, matching exactly (`pt-BR`) or by language (`de-AT` → `de`). */
export function matchLocale(
  requested: readonly string[],
  available: readonly string[],
): string | undefined {
  const byLowerCase = new Map(available.map((locale) => [locale.toLowerCase(), locale]));
  for (const tag of requested) {
    const lower = tag.toLowerCase();
    const match = byLowerCase.get(lower) ?? byLowerCase.get(lower.split('-')[0] ?? '');
    if (match) return match;
  }
  return undefined;
}

/** Of the `available` locales: the saved choice, else the browser's languages, else English. */
export function detectLocale(available: readonly string[]): string {
  const saved = readPreference(storageKey);
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return matchLocale([...(saved ? [saved] : []), ...browser], available) ?? defaultLocale;
}

export function saveLocale(locale: string): void {
  writePreference(storageKey, locale);
}

/** The reader's locale with its messages, or English when that locale's file fails to load. */
export async function loadInitialLocale(catalogue: Catalogue): Promise<LoadedLocale> {
  const locale = detectLocale(catalogue.locales);
  try {
    return { catalogue, locale, messages: await catalogue.load(locale) };
  } catch {
    return inEnglish(catalogue);
  }
}

export function inEnglish(catalogue: Catalogue): LoadedLocale {
  return { catalogue, locale: defaultLocale, messages: catalogue.english };
}
