import { tenantRoles, type TenantRole } from '@questa/contracts/rules';

/** Every tenant role, most powerful first. */
export const tenantRoleOptions: readonly TenantRole[] = tenantRoles;

export const isTenantRole = (value: string): value is TenantRole =>
  (tenantRoles as readonly string[]).includes(value);
