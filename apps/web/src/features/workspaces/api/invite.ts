import type { Invitation, InvitationInput } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';
import { invitationsKey, limitsKey } from './keys';

/** Through the main API, which mails the link and tells someone with an account in the app. */
export async function invite(clientId: string, input: InvitationInput): Promise<Invitation> {
  const sent = await apiRequest<Invitation>(
    `/workspaces/${encodeURIComponent(clientId)}/invitations`,
    { method: 'POST', body: input },
  );
  // An open invitation counts against the member limit.
  await Promise.all([
    invalidateQueries(invitationsKey(clientId)),
    invalidateQueries(limitsKey(clientId)),
  ]);
  return sent;
}

export function useInvite() {
  return useMutation(invite);
}
