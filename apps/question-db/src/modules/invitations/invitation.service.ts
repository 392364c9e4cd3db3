import { createHash, randomBytes } from 'node:crypto';
import {
  OPEN_INVITATIONS_MAX,
  type Invitation,
  type InvitationCreated,
  type InvitationInput,
  type InvitationList,
  type InvitationPreview,
  type Membership,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { LimitService } from '../limits/limit.service';
import type { TenantRepository } from '../tenants/tenant.repository';
import type { InvitationRepository } from './invitation.repository';

const noSuchTenant = () => new HttpProblem('not_found', { detail: 'There is no such tenant.' });

/** The link's secret is stored only as this hash, as API keys are. */
const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const refusals: Record<string, string> = {
  unknown: 'This invitation link is not valid. Ask for a new one.',
  accepted: 'This invitation has been used already. Ask the workspace’s owner for a new one.',
  revoked: 'This invitation was withdrawn. Ask the workspace’s owner for a new one.',
  expired: 'This invitation has expired. Ask the workspace’s owner for a new one.',
  closing: 'This workspace is scheduled for deletion, so nobody can join it now.',
};

export function createInvitationService(deps: {
  invitations: InvitationRepository;
  tenants: Pick<TenantRepository, 'exists' | 'nameOf'>;
  limits: Pick<LimitService, 'room'>;
}) {
  const { invitations, tenants } = deps;
  return {
    async create(
      clientId: string,
      input: InvitationInput,
      invitedBy: string,
    ): Promise<InvitationCreated> {
      const workspaceName = await tenants.nameOf(clientId);
      if (workspaceName === undefined) throw noSuchTenant();
      // A new link for an address already invited replaces the open one, taking no more room.
      const replacing = await invitations.hasPending(clientId, input.email);
      if ((await invitations.countPending(clientId)) >= OPEN_INVITATIONS_MAX) {
        throw new HttpProblem('validation.failed', {
          detail: `A workspace has at most ${OPEN_INVITATIONS_MAX} open invitations. Withdraw some, or wait until they are used.`,
          errors: [{ field: 'body.email', message: 'too many open invitations' }],
        });
      }
      const token = randomBytes(32).toString('base64url');
      const invitation = await invitations.create(
        clientId,
        {
          ...input,
          tokenHash: hashOf(token),
          invitedBy,
        },
        deps.limits.room(clientId, 'members', replacing ? 0 : 1),
      );
      return { invitation, token, workspaceName };
    },

    async list(clientId: string): Promise<InvitationList> {
      if (!(await tenants.exists(clientId))) throw noSuchTenant();
      return { invitations: await invitations.list(clientId) };
    },

    async revoke(clientId: string, invitationId: string): Promise<Invitation> {
      const revoked = await invitations.revoke(clientId, invitationId);
      if (!revoked) {
        throw new HttpProblem('not_found', {
          detail: 'There is no open invitation with this id in the workspace.',
        });
      }
      return revoked;
    },

    async preview(token: string): Promise<InvitationPreview> {
      const found = await invitations.preview(hashOf(token));
      if (!found) throw new HttpProblem('invitation.invalid', { detail: refusals.unknown });
      return found;
    },

    async accept(
      token: string,
      userId: string,
    ): Promise<{ membership: Membership; alreadyMember: boolean; invitationId: string }> {
      const result = await invitations.accept(hashOf(token), userId);
      if ('refused' in result) {
        throw new HttpProblem('invitation.invalid', { detail: refusals[result.refused] });
      }
      return {
        membership: result.joined,
        alreadyMember: result.alreadyMember,
        invitationId: result.invitationId,
      };
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
