import { z } from 'zod';
import { globalRoles, tenantRoles } from './rules/access';

export const cursorQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminUser = z.object({
  id: z.uuid(),
  sub: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(globalRoles)),
  createdAt: z.iso.datetime({ offset: true }),
  /** Premium granted by hand: null when none; `until` null when it does not end. */
  premiumGrant: z.object({ until: z.iso.datetime({ offset: true }).nullable() }).nullable(),
  /** Extra exam time, as a percentage of the time limit. */
  extraTimePercent: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = z.object({
  users: z.array(adminUser),
  nextCursor: z.string().nullable(),
});

export const userIdParams = z.strictObject({ userId: z.uuid() });
export const roleParams = z.strictObject({ userId: z.uuid(), role: z.enum(globalRoles) });

export const tenant = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Tenant = z.infer<typeof tenant>;
export const tenantList = z.object({ tenants: z.array(tenant) });

export const member = z.object({
  userId: z.string(),
  role: z.enum(tenantRoles),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof member>;
export const memberList = z.object({ members: z.array(member) });
export const memberParams = z.strictObject({
  clientId: z.uuid(),
  userId: z.string().min(1).max(200),
});
export const memberInput = z.strictObject({ role: z.enum(tenantRoles) });

export const auditActions = [
  'auth.sign_in',
  'auth.sign_out',
  'auth.sign_in_failed',
  'role.granted',
  'role.revoked',
  'membership.granted',
  'membership.revoked',
  'credential.created',
  'credential.revoked',
  'premium.granted',
  'premium.revoked',
  'accommodation.changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEvent = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  action: z.enum(auditActions),
  /** Who did it: a user's sub, or null for an anonymous attempt. */
  actor: z.string().nullable(),
  /** What it was done to, e.g. a user's email or `tenant/<id>/member/<sub>`. */
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const auditList = z.object({
  events: z.array(auditEvent),
  nextCursor: z.string().nullable(),
});

export const credentialScopes = ['banks:read', 'banks:write'] as const;
export type CredentialScope = (typeof credentialScopes)[number];

export const credential = z.object({
  id: z.uuid(),
  scopes: z.array(z.enum(credentialScopes)),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export const credentialList = z.object({ credentials: z.array(credential) });
export const credentialInput = z.strictObject({
  scopes: z.array(z.enum(credentialScopes)).min(1),
});
/** Returned once, at creation: the secret is never shown again. */
export const createdCredential = credential.extend({ secret: z.string() });
export const credentialParams = z.strictObject({ clientId: z.uuid(), credentialId: z.uuid() });
export const clientParams = z.strictObject({ clientId: z.uuid() });
