import type { z } from 'zod';
import type { memberList, TenantRole } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { TenantRepository } from '../tenants/tenant.repository';
import type { MemberRepository } from './member.repository';
import type { MemberIds, MembershipList } from '@questa/contracts';

const noSuchTenant = () => new HttpProblem('not_found', { detail: 'There is no such tenant.' });

// A tenant without an owner could never again manage its members or credentials.
const lastOwner = (field: string) =>
  new HttpProblem('validation.failed', {
    detail: 'A tenant keeps at least one owner.',
    errors: [{ field, message: 'is the last owner; make someone else owner first' }],
  });

export function createMemberService(deps: {
  members: MemberRepository;
  tenants: Pick<TenantRepository, 'exists'>;
}) {
  const { members, tenants } = deps;
  return {
    async mine(userId: string): Promise<MembershipList> {
      return { memberships: await members.membershipsOf(userId) };
    },

    async list(clientId: string): Promise<z.infer<typeof memberList>> {
      if (!(await tenants.exists(clientId))) throw noSuchTenant();
      return { members: await members.list(clientId) };
    },

    async among(clientId: string, userIds: readonly string[]): Promise<MemberIds> {
      if (!(await tenants.exists(clientId))) throw noSuchTenant();
      return { userIds: await members.among(clientId, userIds) };
    },

    /** Adds the user with `role`, or changes their role; answers the role they had before. */
    async set(clientId: string, userId: string, role: TenantRole): Promise<TenantRole | null> {
      const done = await members.changeInTenant(clientId, async (locked) => {
        const current = await locked.roleOf(clientId, userId);
        if (current === 'owner' && role !== 'owner' && (await locked.countOwners(clientId)) === 1) {
          throw lastOwner('body.role');
        }
        await locked.upsert(clientId, userId, role);
        return { from: current ?? null };
      });
      if (!done) throw noSuchTenant();
      return done.from;
    },

    /**
     * Makes `to` an owner; the caller, when an owner, becomes an author, so the workspace keeps
     * one clear owner and the former one can still write. Answers the role `to` had.
     */
    async transferOwnership(clientId: string, from: string, to: string): Promise<TenantRole> {
      const done = await members.changeInTenant(clientId, async (locked) => {
        const current = await locked.roleOf(clientId, to);
        if (!current) {
          throw new HttpProblem('validation.failed', {
            detail: 'Ownership goes to a member of the workspace.',
            errors: [{ field: 'body.userId', message: 'is not a member here' }],
          });
        }
        await locked.upsert(clientId, to, 'owner');
        if (from !== to && (await locked.roleOf(clientId, from)) === 'owner') {
          await locked.upsert(clientId, from, 'author');
        }
        return { from: current };
      });
      if (!done) throw noSuchTenant();
      return done.from;
    },

    /** Removes the member; answers the role they had. */
    async remove(clientId: string, userId: string): Promise<TenantRole> {
      const done = await members.changeInTenant(clientId, async (locked) => {
        const current = await locked.roleOf(clientId, userId);
        if (!current) {
          throw new HttpProblem('not_found', { detail: 'That user is not a member here.' });
        }
        if (current === 'owner' && (await locked.countOwners(clientId)) === 1) {
          throw lastOwner('params.userId');
        }
        await locked.remove(clientId, userId);
        return { from: current };
      });
      if (!done) throw noSuchTenant();
      return done.from;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
