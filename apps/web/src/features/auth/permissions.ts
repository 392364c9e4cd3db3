import type { SessionInfo } from '@questa/contracts';
import { can, type Permission } from '@questa/policy';

/**
 * Whether the signed-in user holds `permission` in tenant `clientId`, or in any tenant or globally
 * when none is named. The client uses this to choose what to offer; the server checks every
 * request again with the same policy.
 */
export function sessionCan(
  session: SessionInfo,
  permission: Permission,
  clientId?: string,
): boolean {
  if (!session.user) return false;
  return can(
    {
      sub: session.user.sub,
      roles: session.user.roles,
      memberships: new Map(session.memberships.map((m) => [m.clientId, m.role])),
      premium: session.entitlements.premium,
    },
    permission,
    clientId,
  );
}

/** Owners, authors and reviewers have work in the authoring area; viewers only read. */
export const mayAuthor = (session: SessionInfo) =>
  sessionCan(session, 'question:write') || sessionCan(session, 'question:review');

export const mayAdminister = (session: SessionInfo) => sessionCan(session, 'user:list');

/** Premium learners and tenant authors open live rooms. */
export const mayHost = (session: SessionInfo) => sessionCan(session, 'room:host');

/** Teachers and owners run classes in some workspace. */
export const mayTeach = (session: SessionInfo) => sessionCan(session, 'class:manage');
