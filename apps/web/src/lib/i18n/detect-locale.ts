import { readPreference, writePreference } from '../storage';
import {
  availableLocales,
  defaultLocale,
  fallbackMessages,
  loadMessages,
  type LocaleMessages,
} from './messages';

const storageKey = 'questa.locale';

/** The first requested tag we have, matching exactly (`pt-BR`) or by language (`de-AT` → `de`). */
export function matchLocale(
  requested: readonly string[],
  available: readonly string[] = availableLocales,
): string | undefined {
  const byLowerCase = new Map(available.map((locale) => [locale.toLowerCase(), locale]));
  for (const tag of requested) {
    const lower = tag.toLowerCase();
    const match = byLowerCase.get(lower) ?? byLowerCase.get(lower.split('-')[0] ?? '');
    if (match) return match;
  }
  return undefined;
}

/** The saved choice, else the browser's languages, else English. */
export function detectLocale(): string {
  const saved = readPreference(storageKey);
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return matchLocale([...(saved ? [saved] : []), ...browser]) ?? defaultLocale;
}

export function saveLocale(locale: string): void {
  writePreference(storageKey, locale);
}

/** The reader's locale with its messages, or English when that locale's file fails to load. */
export async function loadInitialLocale(): Promise<{ locale: string; messages: LocaleMessages }> {
  const locale = detectLocale();
  try {
    return { locale, messages: await loadMessages(locale) };
  } catch {
    return { locale: defaultLocale, messages: fallbackMessages };
  }
}
