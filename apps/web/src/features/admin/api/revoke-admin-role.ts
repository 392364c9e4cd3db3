import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterUserChange } from './refetch';

export function revokeAdminRole(userId: string): Promise<void> {
  return apiRequest<void>(`/admin/users/${encodeURIComponent(userId)}/roles/admin`, {
    method: 'DELETE',
  });
}

async function revokeAndRefetch(userId: string) {
  await revokeAdminRole(userId);
  await refetchAfterUserChange();
}

export function useRevokeAdminRole() {
  return useMutation(revokeAndRefetch);
}
