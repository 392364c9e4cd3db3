import type { InvitationAccepted, InvitationPreview } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/query-keys';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries, useQuery } from '../../../lib/use-query';

export function previewInvitation(token: string): Promise<InvitationPreview> {
  return apiRequest<InvitationPreview>('/invitations/preview', {
    method: 'POST',
    body: { token },
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(`invitations/${token}`, () => previewInvitation(token));
}

export async function acceptInvitation(token: string): Promise<InvitationAccepted> {
  const accepted = await apiRequest<InvitationAccepted>('/invitations/accept', {
    method: 'POST',
    body: { token },
  });
  await Promise.all([
    invalidateQueries(sessionQueryKey),
    invalidateQueries(`invitations/${token}`),
  ]);
  return accepted;
}

export function useAcceptInvitation() {
  return useMutation(acceptInvitation);
}
