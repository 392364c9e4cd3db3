import type { GlobalRole, TenantRole } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AuditRepository } from '../audit/audit.repository';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { UserRepository } from '../users/user.repository';

interface Actor {
  context: AuthContext;
  ip: string;
  requestId: string;
}

/**
 * What platform admins do: grant global roles here, and manage tenant memberships in the question
 * database with their own access token, so the question database makes its own decision too.
 * Every change is audited and drops cached sessions of the person it affects.
 */
export function createAdminService(deps: {
  users: UserRepository;
  audit: AuditRepository;
  auth: AuthService;
  questionDb: QuestionDbClient;
}) {
  async function changeRole(actor: Actor, userId: string, role: GlobalRole, grant: boolean) {
    const user = await deps.users.findById(userId);
    if (!user) throw new HttpProblem('not_found', { detail: 'There is no such user.' });
    await (grant ? deps.users.grantRole(userId, role) : deps.users.revokeRole(userId, role));
    await deps.audit.record({
      action: grant ? 'role.granted' : 'role.revoked',
      actor: actor.context.user.sub,
      target: user.email,
      ip: actor.ip,
      details: { role, sub: user.sub },
    });
    deps.auth.forgetUser(user.sub);
  }

  async function changeMembership(
    actor: Actor,
    clientId: string,
    userId: string,
    role: TenantRole | null,
  ) {
    const token = await deps.auth.accessToken(actor.context);
    if (role) await deps.questionDb.putMember(token, clientId, userId, role, actor.requestId);
    else await deps.questionDb.deleteMember(token, clientId, userId, actor.requestId);
    await deps.audit.record({
      action: role ? 'membership.granted' : 'membership.revoked',
      actor: actor.context.user.sub,
      target: `tenant/${clientId}/member/${userId}`,
      ip: actor.ip,
      details: role ? { role } : {},
    });
    deps.auth.forgetUser(userId);
  }

  return {
    listUsers: (cursor: string | undefined, limit: number) => deps.users.list(cursor, limit),
    grantRole: (actor: Actor, userId: string, role: GlobalRole) =>
      changeRole(actor, userId, role, true),
    revokeRole: (actor: Actor, userId: string, role: GlobalRole) =>
      changeRole(actor, userId, role, false),
    async listTenants(actor: Actor) {
      return deps.questionDb.listTenants(
        await deps.auth.accessToken(actor.context),
        actor.requestId,
      );
    },
    async listMembers(actor: Actor, clientId: string) {
      return deps.questionDb.listMembers(
        await deps.auth.accessToken(actor.context),
        clientId,
        actor.requestId,
      );
    },
    putMember: (actor: Actor, clientId: string, userId: string, role: TenantRole) =>
      changeMembership(actor, clientId, userId, role),
    removeMember: (actor: Actor, clientId: string, userId: string) =>
      changeMembership(actor, clientId, userId, null),
    listAudit: (cursor: string | undefined, limit: number) => deps.audit.list(cursor, limit),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
