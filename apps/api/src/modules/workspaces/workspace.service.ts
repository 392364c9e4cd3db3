import type {
  InvitationAccepted,
  InvitationInput,
  InvitationPreview,
  Invitation,
  Workspace,
  WorkspaceInput,
} from '@questa/contracts';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { NotificationService } from '../notifications/notification.service';
import type { UserRepository } from '../users/user.repository';

export interface Actor {
  context: AuthContext;
  ip: string;
  requestId: string;
}

const memberTarget = (clientId: string, sub: string) => `tenant/${clientId}/member/${sub}`;

/**
 * Workspaces as people make and share them. The question database decides every change with the
 * caller's own token and owns the memberships and invitations; this service audits each change,
 * tells people about invitations in the app and by mail, and drops the cached sessions whose
 * list of workspaces a change makes stale (decision 0027).
 */
export function createWorkspaceService(deps: {
  auth: Pick<AuthService, 'accessToken' | 'forgetUser'>;
  audit: Pick<AuditRepository, 'record'>;
  questionDb: Pick<
    QuestionDbClient,
    | 'createWorkspace'
    | 'renameWorkspace'
    | 'leaveWorkspace'
    | 'transferOwnership'
    | 'createInvitation'
    | 'previewInvitation'
    | 'acceptInvitation'
  >;
  users: Pick<UserRepository, 'idByEmail'>;
  notifications: Pick<NotificationService, 'notify' | 'mailStranger'>;
}) {
  const { auth, audit, questionDb } = deps;
  const tokenOf = (actor: Actor) => auth.accessToken(actor.context);

  return {
    async create(actor: Actor, input: WorkspaceInput): Promise<Workspace> {
      const created = await questionDb.createWorkspace(
        await tokenOf(actor),
        input,
        actor.requestId,
      );
      await audit.record({
        action: 'workspace.created',
        actor: actor.context.user.sub,
        target: `tenant/${created.id}`,
        ip: actor.ip,
        details: { slug: created.slug, name: created.name },
      });
      auth.forgetUser(actor.context.user.sub);
      return created;
    },

    async rename(actor: Actor, clientId: string, name: string): Promise<Workspace> {
      const renamed = await questionDb.renameWorkspace(
        await tokenOf(actor),
        clientId,
        name,
        actor.requestId,
      );
      await audit.record({
        action: 'workspace.renamed',
        actor: actor.context.user.sub,
        target: `tenant/${clientId}`,
        ip: actor.ip,
        details: { to: renamed.name },
      });
      auth.forgetUser(actor.context.user.sub);
      return renamed;
    },

    async leave(actor: Actor, clientId: string): Promise<void> {
      const { sub } = actor.context.user;
      await questionDb.leaveWorkspace(await tokenOf(actor), clientId, actor.requestId);
      await audit.record({
        action: 'membership.left',
        actor: sub,
        target: memberTarget(clientId, sub),
        ip: actor.ip,
      });
      auth.forgetUser(sub);
    },

    async transferOwnership(actor: Actor, clientId: string, userId: string): Promise<void> {
      await questionDb.transferOwnership(await tokenOf(actor), clientId, userId, actor.requestId);
      await audit.record({
        action: 'ownership.transferred',
        actor: actor.context.user.sub,
        target: memberTarget(clientId, userId),
        ip: actor.ip,
        details: { to: 'owner' },
      });
      auth.forgetUser(actor.context.user.sub);
      auth.forgetUser(userId);
    },

    /**
     * Invites by e-mail. Someone who already has an account here gets a notice in the app and,
     * as they chose, a mail; anyone else gets the mail, whose link lets them create an account.
     */
    async invite(actor: Actor, clientId: string, input: InvitationInput): Promise<Invitation> {
      const created = await questionDb.createInvitation(
        await tokenOf(actor),
        clientId,
        input,
        actor.requestId,
      );
      const { invitation } = created;
      await audit.record({
        action: 'invitation.sent',
        actor: actor.context.user.sub,
        target: `tenant/${clientId}/invitation/${invitation.id}`,
        ip: actor.ip,
        details: { email: invitation.email, role: invitation.role },
      });
      const subject = {
        kind: 'invitation' as const,
        workspaceName: created.workspaceName,
        role: invitation.role,
        invitedBy: actor.context.user.displayName,
        link: `/invitations/${created.token}`,
        expiresAt: invitation.expiresAt,
      };
      const invitee = await deps.users.idByEmail(invitation.email);
      if (invitee) await deps.notifications.notify(invitee, subject);
      else await deps.notifications.mailStranger(invitation.email, subject);
      return invitation;
    },

    preview(token: string, requestId: string): Promise<InvitationPreview> {
      return questionDb.previewInvitation(token, requestId);
    },

    async accept(actor: Actor, token: string): Promise<InvitationAccepted> {
      const { sub } = actor.context.user;
      const accepted = await questionDb.acceptInvitation(
        await tokenOf(actor),
        token,
        actor.requestId,
      );
      await audit.record({
        action: 'invitation.accepted',
        actor: sub,
        target: memberTarget(accepted.membership.clientId, sub),
        ip: actor.ip,
        details: { to: accepted.membership.role, alreadyMember: accepted.alreadyMember },
      });
      auth.forgetUser(sub);
      return accepted;
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
