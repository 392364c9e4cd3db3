import { LRUCache } from 'lru-cache';
import { cacheMetric } from '@questa/http-kit';
import type { CatalogBankDetail, CatalogQuery } from '@questa/contracts';
import type { QuestionDbClient } from '../../adapters/question-db-client';

export interface CachedJson {
  json: string;
  etag: string;
}

/**
 * The catalog as the browser reads it. Listed banks change rarely and every visitor asks for
 * them, so answers are kept, already serialised, for a few seconds; concurrent misses share one
 * upstream call. Failures are never cached. The learning modules read the same banks as data,
 * from the same upstream call.
 */
export function createCatalogService(client: QuestionDbClient, options: { ttlMs: number }) {
  // Bounded: bank pages are keyed by id, and ids are validated before they reach here.
  const cache = new LRUCache<string, Promise<unknown>>({ max: 2000, ttl: options.ttlMs || 1 });
  let version = 0;
  const lookups = cacheMetric('catalog');

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = options.ttlMs > 0 ? cache.get(key) : undefined;
    if (hit) {
      lookups.hit();
      return hit as Promise<T>;
    }
    lookups.miss();
    const value = load();
    if (options.ttlMs > 0) {
      cache.set(key, value);
      value.catch(() => cache.delete(key));
    }
    return value;
  }

  const serialised = (key: string, load: () => Promise<unknown>): Promise<CachedJson> =>
    remember(`json:${key}`, () =>
      load().then((data) => ({ json: JSON.stringify(data), etag: `"c${++version}"` })),
    );

  const bank = (bankId: string, requestId: string): Promise<CatalogBankDetail> =>
    remember(`bank:${bankId}`, () => client.getCatalogBank(bankId, requestId));

  return {
    // The query is validated and its keys come in schema order, so equal queries share a key.
    list: (query: CatalogQuery, requestId: string) =>
      serialised(`list:${JSON.stringify(query)}`, () => client.listCatalog(query, requestId)),
    get: (bankId: string, requestId: string) =>
      serialised(`bank:${bankId}`, () => bank(bankId, requestId)),
    /** One catalog bank as data, for the learning modules. */
    bank,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
