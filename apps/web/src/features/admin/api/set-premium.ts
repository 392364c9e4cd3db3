import type { AdminUser } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterUserChange } from './refetch';

/** Grants premium until `until` (null: until revoked), or revokes a grant made by hand. */
export function setPremium(
  userId: string,
  grant: { premium: boolean; until: string | null },
): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/premium`, {
    method: 'PUT',
    body: grant,
  });
}

async function setAndRefetch(userId: string, grant: { premium: boolean; until: string | null }) {
  const user = await setPremium(userId, grant);
  await refetchAfterUserChange();
  return user;
}

export function useSetPremium() {
  return useMutation(setAndRefetch);
}
