import { z } from 'zod';
import { ids } from './ids';
import { globalRoles, tenantRoles } from './rules/access';
import { auditActions } from './rules/audit';
import { subscriptionStatuses } from './rules/billing';

/** Where a page of a list starts: the `nextCursor` of the page before; the first page has none. */
export const pageCursor = z
  .string()
  .max(200)
  .optional()
  .meta({ description: 'The `nextCursor` of the previous page; leave out for the first page.' });

const pageLimit = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(fallback)
    .meta({ description: `How many entries a page holds (1–100, ${fallback} when left out).` });

export const cursorQuery = z.strictObject({ cursor: pageCursor, limit: pageLimit(50) });
export const questionPageLimit = pageLimit(25);

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
  /** When the deletion they asked for is due, unless they sign in first; null when none. */
  deletionDueAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * The subscription that decides their plan: a running one (trialing, active, past due) first,
   * else the latest; null when they never subscribed. Premium comes from it or from a grant.
   */
  subscription: z
    .object({
      status: z.enum(subscriptionStatuses),
      plan: z.object({ id: z.uuid(), name: z.string() }).nullable(),
      currentPeriodEnd: z.iso.datetime({ offset: true }).nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});
export type AdminUser = z.infer<typeof adminUser>;
export const adminUserList = z.object({
  users: z.array(adminUser),
  nextCursor: z.string().nullable(),
});
export const adminUserQuery = z.strictObject({
  q: z.string().trim().max(200).optional().meta({
    description: 'Only users whose email or name contains this, ignoring case.',
    example: 'grace',
  }),
  cursor: pageCursor,
  limit: pageLimit(50),
});

export const userIdParams = z.strictObject({ userId: ids.user });

/**
 * `POST /api/admin/users/{userId}/delete`: an admin deletes an account at once, without the
 * owner's fourteen days, for a legal request. The admin types the account's email address, so
 * the account meant is the account deleted.
 */
export const adminDeleteAccountRequest = z.strictObject({
  confirm: z.string().max(320).meta({
    description: 'The email address of the account to delete, as the admin typed it to confirm.',
    example: 'ada@example.com',
  }),
});
export type AdminDeleteAccountRequest = z.infer<typeof adminDeleteAccountRequest>;
export const roleParams = z.strictObject({
  userId: ids.user,
  role: z.enum(globalRoles).meta({ description: 'The global role to grant or revoke.' }),
});

export const tenant = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Set while a platform admin has it suspended. */
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Set while the workspace is scheduled for deletion: when it will be erased. */
  deletionDueAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Tenant = z.infer<typeof tenant>;
export const tenantList = z.object({ tenants: z.array(tenant) });
export const tenantListQuery = z.strictObject({
  q: z.string().trim().min(1).max(200).optional().meta({
    description: 'Only workspaces whose name or address contains this, ignoring case.',
    example: 'biology',
  }),
});

export const member = z.object({
  userId: z.string(),
  role: z.enum(tenantRoles),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Member = z.infer<typeof member>;
export const memberList = z.object({ members: z.array(member) });
export const memberParams = z.strictObject({
  clientId: ids.client,
  userId: z.string().min(1).max(200).meta({
    description: 'The member’s subject at the identity provider (a user’s `sub`).',
    example: 'c1a2b3d4e5f6',
  }),
});
export const memberInput = z
  .strictObject({ role: z.enum(tenantRoles) })
  .meta({ examples: [{ role: 'author' }] });

export const auditEvent = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  action: z.enum(auditActions),
  /** Who did it: a user's sub, or null for an anonymous attempt. */
  actor: z.string().nullable(),
  /** The actor's email, when they have an account here; admins know people by it. */
  actorEmail: z.string().nullable(),
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
export const auditQuery = z
  .strictObject({
    who: z.string().trim().min(1).max(200).optional().meta({
      description:
        'Only events by this person: their subject, or part of their email or name, ignoring case.',
      example: 'admin@questa.test',
    }),
    action: z.enum(auditActions).optional().meta({ description: 'Only events of this kind.' }),
    from: z.iso.datetime({ offset: true }).optional().meta({
      description: 'Only events at or after this time.',
      example: '2026-01-01T00:00:00Z',
    }),
    to: z.iso.datetime({ offset: true }).optional().meta({
      description: 'Only events before this time.',
      example: '2026-02-01T00:00:00Z',
    }),
    cursor: pageCursor,
    limit: pageLimit(50),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    message: 'must be later than from',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

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
export const credentialInput = z
  .strictObject({ scopes: z.array(z.enum(credentialScopes)).min(1) })
  .meta({ examples: [{ scopes: ['banks:read', 'banks:write'] }] });
/** Returned once, at creation: the secret is never shown again. */
export const createdCredential = credential.extend({ secret: z.string() });
export const credentialParams = z.strictObject({
  clientId: ids.client,
  credentialId: ids.credential,
});
export const clientParams = z.strictObject({ clientId: ids.client });
