import type { TenantRole } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { createTenantRepository } from '../tenants/tenant.repository';
import { createMemberRepository } from './member.repository';

/**
 * Makes `userId` a member of the tenant with `tenantSlug`, e.g. the demo author of the demo
 * tenant. Idempotent, and a role someone has since changed is left alone.
 */
export async function seedMembership(
  db: QuestionDb,
  grant: { tenantSlug: string; userId: string; role: TenantRole },
): Promise<{ granted: boolean }> {
  const tenant = await createTenantRepository(db).findBySlug(grant.tenantSlug);
  if (!tenant) {
    throw new Error(`Cannot add a member to tenant ${grant.tenantSlug}: it does not exist.`);
  }
  const members = createMemberRepository(db);
  return { granted: await members.grantIfAbsent(tenant.id, grant.userId, grant.role) };
}
