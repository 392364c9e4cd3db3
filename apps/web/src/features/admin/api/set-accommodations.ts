import type { Accommodations, AdminUser } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterUserChange } from './refetch';

export function setAccommodations(
  userId: string,
  accommodations: Accommodations,
): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(userId)}/accommodations`, {
    method: 'PUT',
    body: accommodations,
  });
}

async function setAndRefetch(userId: string, accommodations: Accommodations) {
  const user = await setAccommodations(userId, accommodations);
  await refetchAfterUserChange();
  return user;
}

export function useSetAccommodations() {
  return useMutation(setAndRefetch);
}
