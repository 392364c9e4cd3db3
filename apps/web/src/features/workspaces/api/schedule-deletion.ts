import type { Workspace } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

/** Schedules the workspace's deletion; `confirm` is its name or address as the owner typed it. */
export async function scheduleDeletion(clientId: string, confirm: string): Promise<Workspace> {
  const scheduled = await apiRequest<Workspace>(
    `/workspaces/${encodeURIComponent(clientId)}/deletion`,
    { method: 'POST', body: { confirm } },
  );
  await invalidateQueries(sessionQueryKey);
  return scheduled;
}

export function useScheduleDeletion() {
  return useMutation(scheduleDeletion);
}
