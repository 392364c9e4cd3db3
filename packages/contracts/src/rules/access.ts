/** Platform-wide roles, from the identity provider's roles claim. */
export const globalRoles = ['admin'] as const;
export type GlobalRole = (typeof globalRoles)[number];

/**
 * A member's role in one tenant of the question database. A teacher runs classes in the tenant
 * and reads its banks to give them as assignments, but writes no questions (decision 0028).
 */
export const tenantRoles = ['owner', 'author', 'reviewer', 'teacher', 'viewer'] as const;
export type TenantRole = (typeof tenantRoles)[number];

/**
 * Sent by Questa's own client on every call that changes something; a form or script on another
 * site cannot set it without the browser asking first, so its absence marks a forged request.
 */
export const CSRF_HEADER = 'x-questa-request';
