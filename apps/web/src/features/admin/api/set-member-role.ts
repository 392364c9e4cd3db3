import type { TenantRole } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterMembershipChange } from './refetch';

/** Adds `userId` (the user's `sub`) to the tenant with `role`, or changes the role they have. */
export function setMemberRole(clientId: string, userId: string, role: TenantRole): Promise<void> {
  return apiRequest<void>(
    `/admin/tenants/${encodeURIComponent(clientId)}/members/${encodeURIComponent(userId)}`,
    { method: 'PUT', body: { role } },
  );
}

async function setAndRefetch(clientId: string, userId: string, role: TenantRole) {
  await setMemberRole(clientId, userId, role);
  await refetchAfterMembershipChange(clientId);
}

export function useSetMemberRole() {
  return useMutation(setAndRefetch);
}
