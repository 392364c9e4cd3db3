import type { FastifyRequest } from 'fastify';
import { catalogue, LOCALES, type Locale, type Messages } from './messages';

/**
 * The first of the language tags the pages speak: exactly (`de`) or by language (`de-AT`, as
 * Stripe names some locales with a region).
 */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const language = tag.trim().toLowerCase().split('-')[0];
    const found = LOCALES.find((locale) => locale === language);
    if (found) return found;
  }
  return undefined;
}

/** Accept-Language's tags, highest weight first; the header's own order among equal weights. */
const acceptedLanguages = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.split(';').map((piece) => piece.trim());
      const weight = options.find((option) => option.startsWith('q='));
      return { tag, q: weight ? Number(weight.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);

/**
 * The words of a session's pages. As at Stripe, the `locale` the session was created with
 * decides; `auto`, none, or one the pages do not speak leaves it to the browser's languages,
 * then English.
 */
export function pageMessages(request: FastifyRequest, sessionLocale?: string | null): Messages {
  const chosen = sessionLocale && sessionLocale !== 'auto' ? [sessionLocale] : [];
  return catalogue[
    matchLocale([...chosen, ...acceptedLanguages(request.headers['accept-language'])]) ?? 'en'
  ];
}
