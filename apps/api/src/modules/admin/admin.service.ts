import type {
  AuditQuery,
  GlobalRole,
  TenantRole,
  WorkspaceLimitsUpdate,
  WorkspaceUsage,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { AccountService } from '../account/account.service';
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
  account: Pick<AccountService, 'deleteNow'>;
}) {
  // Each change names the role and what the person held before and after, so the audit log
  // answers "who could do what, and since when" without replaying earlier events.
  async function changeRole(actor: Actor, userId: string, role: GlobalRole, grant: boolean) {
    const before = await findUser(userId);
    await (grant ? deps.users.grantRole(userId, role) : deps.users.revokeRole(userId, role));
    const after = await findUser(userId);
    await deps.audit.record({
      action: grant ? 'role.granted' : 'role.revoked',
      actor: actor.context.user.sub,
      target: before.email,
      ip: actor.ip,
      details: { role, sub: before.sub, from: before.roles, to: after.roles },
    });
    deps.auth.forgetUser(before.sub);
    // A role taken away must not live on in a session opened while it was held, in any process.
    if (before.roles.includes(role) && !after.roles.includes(role)) {
      await deps.auth.endAllSessions(userId);
    }
  }

  async function changeMembership(
    actor: Actor,
    clientId: string,
    userId: string,
    role: TenantRole | null,
  ) {
    // Memberships name people by their identity subject, which may belong to someone who has
    // not signed in yet; a Questa user id in its place would be granted to nobody, silently.
    if (role && /^[0-9a-f-]{36}$/i.test(userId)) {
      const user = await deps.users.findById(userId).catch(() => undefined);
      if (user && user.sub !== userId) {
        throw new HttpProblem('validation.failed', {
          detail: `That is ${user.email}'s user id; a membership names the person by their identity subject (sub), ${user.sub}.`,
          errors: [{ field: 'userId', message: 'must be an identity subject, not a user id' }],
        });
      }
    }
    const token = await deps.auth.accessToken(actor.context);
    // Read before the change, for the audit's "from": the question database decides the change
    // itself, and a concurrent edit between the two calls would only make this word stale.
    const members = await deps.questionDb.listMembers(token, clientId, actor.requestId);
    const from = members.find((member) => member.userId === userId)?.role ?? null;
    if (role) await deps.questionDb.putMember(token, clientId, userId, role, actor.requestId);
    else await deps.questionDb.deleteMember(token, clientId, userId, actor.requestId);
    await deps.audit.record({
      action: !role ? 'membership.revoked' : from ? 'membership.changed' : 'membership.granted',
      actor: actor.context.user.sub,
      target: `tenant/${clientId}/member/${userId}`,
      ip: actor.ip,
      details: { from, to: role },
    });
    deps.auth.forgetUser(userId);
    if (from && !role) await deps.auth.endAllSessionsOfSub(userId);
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

    /** Deletes an account at once, for a legal request; the account service audits it. */
    deleteAccountNow: (actor: Actor, userId: string, confirm: string) =>
      deps.account.deleteNow(
        { sub: actor.context.user.sub, userId: actor.context.user.id, ip: actor.ip },
        userId,
        confirm,
      ),

    listUsers: (query: { q?: string | undefined; cursor?: string | undefined; limit: number }) =>
      deps.users.list(query),
    grantRole: (actor: Actor, userId: string, role: GlobalRole) =>
      changeRole(actor, userId, role, true),
    revokeRole: (actor: Actor, userId: string, role: GlobalRole) =>
      changeRole(actor, userId, role, false),
    async listTenants(actor: Actor, q?: string) {
      return deps.questionDb.listTenants(
        await deps.auth.accessToken(actor.context),
        actor.requestId,
        q,
      );
    },

    /** Suspends a workspace or restores it; audited with the admin as actor. */
    async setSuspended(actor: Actor, clientId: string, suspended: boolean) {
      const changed = await deps.questionDb.setSuspended(
        await deps.auth.accessToken(actor.context),
        clientId,
        suspended,
        actor.requestId,
      );
      await deps.audit.record({
        action: suspended ? 'workspace.suspended' : 'workspace.restored',
        actor: actor.context.user.sub,
        target: `tenant/${clientId}`,
        ip: actor.ip,
        details: { slug: changed.slug, name: changed.name },
      });
      return changed;
    },
    /**
     * Overrides a workspace's limits (null: back to the plan's or the free one); audited with
     * what each limit was before and after.
     */
    async overrideLimits(
      actor: Actor,
      clientId: string,
      update: WorkspaceLimitsUpdate,
    ): Promise<WorkspaceUsage> {
      const token = await deps.auth.accessToken(actor.context);
      const maxima = (usage: WorkspaceUsage) =>
        Object.fromEntries(usage.limits.map((limit) => [limit.kind, limit.max]));
      const before = await deps.questionDb.getLimits(token, clientId, actor.requestId);
      const after = await deps.questionDb.overrideLimits(token, clientId, update, actor.requestId);
      await deps.audit.record({
        action: 'workspace.limits_overridden',
        actor: actor.context.user.sub,
        target: `tenant/${clientId}`,
        ip: actor.ip,
        details: { override: update, before: maxima(before), after: maxima(after) },
      });
      return after;
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
    listAudit: (query: AuditQuery) => deps.audit.list(query),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
