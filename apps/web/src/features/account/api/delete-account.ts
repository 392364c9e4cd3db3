import type { DeleteAccountRequest, DeletionScheduled } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/**
 * Asks for the account's deletion in fourteen days; the answer says when, and where the browser
 * goes, now signed out.
 */
export function deleteAccount(input: DeleteAccountRequest): Promise<DeletionScheduled> {
  return apiRequest<DeletionScheduled>('/account/delete', { method: 'POST', body: input });
}

export function useDeleteAccount() {
  const mutation = useMutation(deleteAccount);
  const { mutate } = mutation;
  return {
    ...mutation,
    deleteAccount: async (confirm: string) => {
      const outcome = await mutate({ confirm });
      if (outcome.ok) window.location.assign(outcome.data.redirectTo);
    },
  };
}
