import type { Invitation } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { invitationsKey, limitsKey } from './keys';
import { tenantPath } from './list-invitations';

export async function revokeInvitation(clientId: string, invitationId: string) {
  const revoked = await apiRequest<Invitation>(
    tenantPath(clientId, `/invitations/${encodeURIComponent(invitationId)}`),
    { method: 'DELETE', base: config.questionDbBase },
  );
  await Promise.all([
    invalidateQueries(invitationsKey(clientId)),
    invalidateQueries(limitsKey(clientId)),
  ]);
  return revoked;
}

export function useRevokeInvitation() {
  return useMutation(revokeInvitation);
}
