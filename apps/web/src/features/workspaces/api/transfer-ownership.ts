import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { membersKey } from './keys';

export async function transferOwnership(clientId: string, userId: string): Promise<void> {
  await apiRequest<void>(`/workspaces/${encodeURIComponent(clientId)}/ownership`, {
    method: 'POST',
    body: { userId },
  });
  await Promise.all([invalidateQueries(membersKey(clientId)), invalidateQueries(sessionQueryKey)]);
}

export function useTransferOwnership() {
  return useMutation(transferOwnership);
}
