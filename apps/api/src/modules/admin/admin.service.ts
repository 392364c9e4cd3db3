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

  async function findUser(userId: string) {
    const user = await deps.users.findById(userId);
    if (!user) throw new HttpProblem('not_found', { detail: 'There is no such user.' });
    return user;
  }

  return {
    /** Premium by hand (until a date, or until revoked); audited, and felt at once. */
    async setPremium(actor: Actor, userId: string, premium: boolean, until: string | null) {
      const user = await findUser(userId);
      if (premium && until !== null && Date.parse(until) <= Date.now()) {
        throw new HttpProblem('validation.failed', {
          detail: 'Premium must run until a time in the future.',
          errors: [{ field: 'until', message: 'must be in the future' }],
        });
      }
      if (premium) await deps.users.grantPremium(userId, until, actor.context.user.sub);
      else await deps.users.revokePremium(userId);
      await deps.audit.record({
        action: premium ? 'premium.granted' : 'premium.revoked',
        actor: actor.context.user.sub,
        target: user.email,
        ip: actor.ip,
        details: premium ? { until } : {},
      });
      deps.auth.forgetUser(user.sub);
      return findUser(userId);
    },

    async setAccommodations(actor: Actor, userId: string, extraTimePercent: number) {
      const user = await findUser(userId);
      await deps.users.setExtraTime(userId, extraTimePercent);
      await deps.audit.record({
        action: 'accommodation.changed',
        actor: actor.context.user.sub,
        target: user.email,
        ip: actor.ip,
        details: { extraTimePercent, before: user.extraTimePercent },
      });
      deps.auth.forgetUser(user.sub);
      return findUser(userId);
    },

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
