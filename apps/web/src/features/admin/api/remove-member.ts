import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterMembershipChange } from './refetch';

export function removeMember(clientId: string, userId: string): Promise<void> {
  return apiRequest<void>(
    `/admin/tenants/${encodeURIComponent(clientId)}/members/${encodeURIComponent(userId)}`,
    { method: 'DELETE' },
  );
}

async function removeAndRefetch(clientId: string, userId: string) {
  await removeMember(clientId, userId);
  await refetchAfterMembershipChange(clientId);
}

export function useRemoveMember() {
  return useMutation(removeAndRefetch);
}
