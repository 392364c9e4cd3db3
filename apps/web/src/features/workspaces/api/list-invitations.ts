import type { InvitationList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useQuery } from '../../../lib/use-query';
import { invitationsKey } from './keys';

const tenantPath = (clientId: string, rest: string) => `/${encodeURIComponent(clientId)}${rest}`;

export function listInvitations(clientId: string): Promise<InvitationList> {
  return apiRequest<InvitationList>(tenantPath(clientId, '/invitations'), {
    base: config.questionDbBase,
  });
}

export function useInvitations(clientId: string) {
  return useQuery(invitationsKey(clientId), () => listInvitations(clientId));
}

export { tenantPath };
