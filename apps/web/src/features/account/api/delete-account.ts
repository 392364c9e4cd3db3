import type { DeleteAccountRequest, RedirectResponse } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';

/** Deletes the account; the answer says where the browser goes, now signed out. */
export function deleteAccount(input: DeleteAccountRequest): Promise<RedirectResponse> {
  return apiRequest<RedirectResponse>('/account/delete', { method: 'POST', body: input });
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
