import type { FastifyRequest } from 'fastify';
import { catalogue, LOCALES, type Locale, type Messages } from './messages';

/** The query and form field that carries the language from page to page, named as in OIDC. */
export const LOCALE_PARAM = 'ui_locales';

/**
 * The first of the requested language tags the pages speak: exactly (`de`) or by language
 * (`de-AT`). `ui_locales` is space-separated, Accept-Language comma-separated with weights.
 */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split('-')[0];
    const found = LOCALES.find((locale) => locale === language);
    if (found) return found;
  }
  return undefined;
}

const acceptedLanguages = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.split(';').map((piece) => piece.trim());
      const weight = options.find((option) => option.startsWith('q='));
      return { tag, q: weight ? Number(weight.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    // A stable sort by weight keeps the header's own order among equal weights.
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);

const explicit = (value: unknown) => (typeof value === 'string' ? value.split(' ') : []);

/**
 * The language of a page: what the sign-in request asked for (`ui_locales` of the interaction),
 * else what the previous page passed on in the query or form, else the browser's languages, else
 * English.
 */
export function localeOf(request: FastifyRequest, requested?: unknown): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  return localeFrom(
    [requested, query?.[LOCALE_PARAM], body?.[LOCALE_PARAM]],
    request.headers['accept-language'],
  );
}

/**
 * The same choice from plain values, for pages oidc-provider renders itself: the `ui_locales`
 * values asked for, in order, then the Accept-Language header, then English.
 */
export function localeFrom(requested: unknown[], acceptLanguage: string | undefined): Locale {
  return (
    matchLocale([...requested.flatMap(explicit), ...acceptedLanguages(acceptLanguage)]) ?? 'en'
  );
}

export function messagesOf(request: FastifyRequest, requested?: unknown): Messages {
  return catalogue[localeOf(request, requested)];
}

/**
 * `href` with the page language carried along, so the next page speaks it too. English is what a
 * page falls back to, so it goes without; `name` is `locale` for Questa's own sign-in link.
 */
export function withLocale(href: string, t: Messages, name = LOCALE_PARAM): string {
  if (t.lang === 'en') return href;
  const separator = href.includes('?') ? '&' : '?';
  return `${href}${separator}${name}=${t.lang}`;
}
