import type { AdminDeleteAccountRequest } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterUserChange } from './refetch';

/** Deletes someone's account at once, for a legal request; the admin repeats its email. */
export function deleteAccountNow(userId: string, input: AdminDeleteAccountRequest): Promise<void> {
  return apiRequest<void>(`/admin/users/${encodeURIComponent(userId)}/delete`, {
    method: 'POST',
    body: input,
  });
}

async function deleteAndRefetch(userId: string, input: AdminDeleteAccountRequest) {
  await deleteAccountNow(userId, input);
  await refetchAfterUserChange();
}

export function useDeleteAccountNow() {
  return useMutation(deleteAndRefetch);
}
