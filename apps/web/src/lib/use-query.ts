import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';

export type QueryState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export type QueryResult<T> = QueryState<T> & { retry: () => void };

interface Entry {
  state: QueryState<unknown>;
  fetchedAt: number;
  inFlight: boolean;
  listeners: Set<() => void>;
}

/** Data younger than this is shown without asking the server again. */
const freshForMs = 30_000;
const pending: QueryState<never> = { status: 'pending' };
const cache = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = cache.get(key);
  if (!entry) {
    entry = { state: pending, fetchedAt: 0, inFlight: false, listeners: new Set() };
    cache.set(key, entry);
  }
  return entry;
}

function update(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

async function run<T>(key: string, fetcher: () => Promise<T>, { reset = false } = {}) {
  const entry = entryFor(key);
  if (entry.inFlight) return;
  entry.inFlight = true;
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
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    code: 'internal',
    status: 0,
    title: 'Unexpected error',
    detail: error instanceof Error ? error.message : String(error),
  });
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
    const fresh = entry.state.status === 'success' && Date.now() - entry.fetchedAt < freshForMs;
    if (!fresh) void run(forKey, fetcher);
  });
  useEffect(() => load(key), [key]);

  return { ...state, retry: () => void run(key, fetcher, { reset: true }) };
}

/** Forgets every cached result; tests start from an empty cache. */
export function clearQueryCache(): void {
  cache.clear();
}
