import type { Allowance } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { invalidateQueries, setQueryData, useQuery } from '../../../lib/use-query';

const allowanceQueryKey = 'practice/allowance';

/** Today's free answers: how many are left and when they start again (no limit for premium). */
export function getAllowance(): Promise<Allowance> {
  return apiGet<Allowance>('/allowance');
}

export function useAllowance() {
  return useQuery(allowanceQueryKey, getAllowance);
}

/** Every graded answer carries the allowance it left, so the start page never shows an old count. */
export function showAllowance(allowance: Allowance): void {
  setQueryData(allowanceQueryKey, allowance);
}

/** Reads the allowance again: the server refused for a spent allowance the page did not know of. */
export function refreshAllowance(): Promise<void> {
  return invalidateQueries(allowanceQueryKey);
}
