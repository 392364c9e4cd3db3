import { useCallback, useState } from 'react';
import { toApiError, type ApiError } from './api-client';

export type MutationState<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export type MutationResult<Args extends unknown[], T> = MutationState<T> & {
  /** Runs the change; resolves with the outcome instead of throwing, so handlers stay simple. */
  mutate: (...args: Args) => Promise<MutationOutcome<T>>;
  /** Back to idle, e.g. when a dialog that showed the error is closed. */
  reset: () => void;
};

/** Tracks one state-changing request: pending while it runs, then its data or its error. */
export function useMutation<Args extends unknown[], T>(
  change: (...args: Args) => Promise<T>,
): MutationResult<Args, T> {
  const [state, setState] = useState<MutationState<T>>({ status: 'idle' });

  const mutate = useCallback(
    async (...args: Args): Promise<MutationOutcome<T>> => {
      setState({ status: 'pending' });
      try {
        const data = await change(...args);
        setState({ status: 'success', data });
        return { ok: true, data };
      } catch (caught) {
        const error = toApiError(caught);
        setState({ status: 'error', error });
        return { ok: false, error };
      }
    },
    [change],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  return { ...state, mutate, reset };
}
