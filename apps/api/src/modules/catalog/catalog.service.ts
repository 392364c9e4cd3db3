import type { CatalogBankDetail } from '@questa/contracts';
import type { QuestionDbClient } from '../../adapters/question-db-client';

export interface CachedJson {
  json: string;
  etag: string;
}

interface Entry {
  value: Promise<CachedJson>;
  expiresAt: number;
}

/**
 * The catalog as the browser reads it. Listed banks change rarely and every visitor asks for
 * them, so answers are kept, already serialised, for a few seconds; concurrent misses share one
 * upstream call. Failures are never cached.
 */
export function createCatalogService(client: QuestionDbClient, options: { ttlMs: number }) {
  const cache = new Map<string, Entry>();
  const banks = new Map<string, { value: Promise<CatalogBankDetail>; expiresAt: number }>();
  let version = 0;

  function cached(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load().then((data) => ({ json: JSON.stringify(data), etag: `"c${++version}"` }));
    cache.set(key, { value, expiresAt: now + options.ttlMs });
    value.catch(() => cache.delete(key));
    // Bounded: bank pages are keyed by id, and ids are validated before they reach here.
    if (cache.size > 1000) cache.delete(cache.keys().next().value as string);
    return value;
  }

  return {
    list: (requestId: string) => cached('list', () => client.listCatalog(requestId)),
    get: (bankId: string, requestId: string) =>
      cached(`bank:${bankId}`, () => client.getCatalogBank(bankId, requestId)),
    /** One catalog bank as data, for the learning modules: kept as briefly as the JSON. */
    bank(bankId: string, requestId: string): Promise<CatalogBankDetail> {
      const now = Date.now();
      const hit = banks.get(bankId);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = client.getCatalogBank(bankId, requestId);
      banks.set(bankId, { value, expiresAt: now + options.ttlMs });
      value.catch(() => banks.delete(bankId));
      if (banks.size > 1000) banks.delete(banks.keys().next().value as string);
      return value;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
