import type { TenantRole } from '@questa/contracts';

// The contract's list of roles is a runtime value that would bring the schema library into the
// bundle; typing this record by the role union makes the compiler insist on every role instead.
const roles: Record<TenantRole, true> = { owner: true, author: true, reviewer: true, viewer: true };

/** Every tenant role, most powerful first. */
export const tenantRoleOptions = Object.keys(roles) as TenantRole[];

export const isTenantRole = (value: string): value is TenantRole => Object.hasOwn(roles, value);
