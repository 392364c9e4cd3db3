import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query, and a way to change part of it that builds on the query as last asked
 * for. React Router's own setter, even in its function form, starts from the query of the last
 * render; a second change made before the page re-renders (a filter chosen just as a typed search
 * settles) would then undo the first.
 */
export function useAddressSearch() {
  const [params, setParams] = useSearchParams();
  const asked = useRef(params);
  useLayoutEffect(() => {
    asked.current = params;
  }, [params]);
  const change = useCallback(
    (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = update(new URLSearchParams(asked.current));
      asked.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
