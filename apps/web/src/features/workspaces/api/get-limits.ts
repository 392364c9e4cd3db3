import type { WorkspaceUsage } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useQuery } from '../../../lib/use-query';
import { limitsKey } from './keys';
import { tenantPath } from './list-invitations';

export function getLimits(clientId: string): Promise<WorkspaceUsage> {
  return apiRequest<WorkspaceUsage>(tenantPath(clientId, '/limits'), {
    base: config.questionDbBase,
  });
}

export function useLimits(clientId: string) {
  return useQuery(limitsKey(clientId), () => getLimits(clientId));
}
