import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterUserChange } from './refetch';

export function grantAdminRole(userId: string): Promise<void> {
  return apiRequest<void>(`/admin/users/${encodeURIComponent(userId)}/roles/admin`, {
    method: 'PUT',
  });
}

async function grantAndRefetch(userId: string) {
  await grantAdminRole(userId);
  await refetchAfterUserChange();
}

export function useGrantAdminRole() {
  return useMutation(grantAndRefetch);
}
