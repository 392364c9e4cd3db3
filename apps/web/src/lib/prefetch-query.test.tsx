import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueryCache, prefetchQuery, useQuery } from './use-query';

describe('prefetchQuery', () => {
  afterEach(() => clearQueryCache());

  it('starts a request that the component reading the key later shares', async () => {
    const fetcher = vi.fn(async () => 'answer');
    prefetchQuery('thing', fetcher);
    prefetchQuery('thing', fetcher);
    const { result } = renderHook(() => useQuery('thing', fetcher));
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
