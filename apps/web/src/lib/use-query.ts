import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { toApiError, type ApiError } from './api-client';

export type QueryState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export type QueryResult<T> = QueryState<T> & { retry: () => void };

interface Entry {
  state: QueryState<unknown>;
  fetchedAt: number;
  inFlight: boolean;
  /** Invalidated while a request was in flight: that answer may predate the change. */
  stale: boolean;
  /** The last fetcher a component used, so an invalidation can refetch without one. */
  fetcher?: () => Promise<unknown>;
  listeners: Set<() => void>;
}

/** Data younger than this is shown without asking the server again. */
const freshForMs = 30_000;
const pending: QueryState<never> = { status: 'pending' };
const cache = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = cache.get(key);
  if (!entry) {
    entry = { state: pending, fetchedAt: 0, inFlight: false, stale: false, listeners: new Set() };
    cache.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

async function run<T>(
  key: string,
  fetcher: () => Promise<T>,
  { reset = false } = {},
): Promise<void> {
  const entry = entryFor(key);
  if (entry.inFlight) {
    // A retry during a request asks again after it: that request may be the one that is failing.
    if (reset) entry.stale = true;
    return;
  }
  entry.inFlight = true;
  entry.stale = false;
  // Stale data stays on screen while it is refreshed; only a first load or a retry shows loading.
  if (reset || entry.state.status !== 'success') update(entry, pending);
  try {
    const data = await fetcher();
    entry.fetchedAt = Date.now();
    update(entry, { status: 'success', data });
  } catch (error) {
    update(entry, { status: 'error', error: toApiError(error) });
  } finally {
    entry.inFlight = false;
  }
  if (entry.stale) await run(key, fetcher);
}

/**
 * Reads `key` from a small in-memory cache shared by every component, fetching it on first use,
 * after an error, or when older than a short freshness window.
 */
export function useQuery<T>(key: string, fetcher: () => Promise<T>): QueryResult<T> {
  const subscribe = useCallback(
    (listener: () => void) => {
      const { listeners } = entryFor(key);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [key],
  );
  const state = useSyncExternalStore(subscribe, () => entryFor(key).state) as QueryState<T>;

  const load = useEffectEvent((forKey: string) => {
    const entry = entryFor(forKey);
    entry.fetcher = fetcher;
    const fresh = entry.state.status === 'success' && Date.now() - entry.fetchedAt < freshForMs;
    if (!fresh) void run(forKey, fetcher);
  });
  useEffect(() => load(key), [key]);

  return { ...state, retry: () => void run(key, fetcher, { reset: true }) };
}

/**
 * Marks `key` and every key under it (`key/…`) as out of date after a change. What is on screen is
 * fetched again at once and stays visible meanwhile; the rest is fetched when next shown.
 */
export async function invalidateQueries(key: string): Promise<void> {
  const refetches: Promise<void>[] = [];
  for (const [entryKey, entry] of cache) {
    if (entryKey !== key && !entryKey.startsWith(`${key}/`)) continue;
    entry.fetchedAt = 0;
    if (entry.inFlight) entry.stale = true;
    else if (entry.listeners.size > 0 && entry.fetcher)
      refetches.push(run(entryKey, entry.fetcher));
  }
  await Promise.all(refetches);
}

/**
 * Starts fetching `key` now, before any component asks, unless a fresh answer or a request is
 * already there; the component that later reads it shares that request.
 */
export function prefetchQuery<T>(key: string, fetcher: () => Promise<T>): void {
  const entry = entryFor(key);
  const fresh = entry.state.status === 'success' && Date.now() - entry.fetchedAt < freshForMs;
  entry.fetcher ??= fetcher;
  if (!fresh && !entry.inFlight) void run(key, fetcher);
}

/** Puts a known result in the cache, fresh, as if it had just been fetched. */
export function setQueryData<T>(key: string, data: T): void {
  const entry = entryFor(key);
  entry.fetchedAt = Date.now();
  update(entry, { status: 'success', data });
}

/** Forgets every cached result; tests start from an empty cache. */
export function clearQueryCache(): void {
  cache.clear();
}
