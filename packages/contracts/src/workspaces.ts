import { z } from 'zod';
import { tenant } from './admin';
import { membership } from './auth';
import { ids } from './ids';
import { tenantRoles } from './rules/access';
import {
  slugProblem,
  WORKSPACE_LIMIT_CEILING,
  WORKSPACE_LIMIT_KINDS,
  WORKSPACE_NAME_MAX,
  WORKSPACE_SLUG_MAX,
} from './rules/workspaces';

const workspaceName = z
  .string()
  .trim()
  .min(1)
  .max(WORKSPACE_NAME_MAX)
  .meta({ description: 'What members see the workspace called.', example: 'Biology department' });

const workspaceSlug = z
  .string()
  .max(WORKSPACE_SLUG_MAX)
  .refine((slug) => slugProblem(slug) === null, {
    error: 'must be 3–40 lower-case letters, digits or single hyphens, and not a reserved word',
  })
  .meta({
    description: 'The workspace’s address, unique across Questa; it does not change later.',
    example: 'biology-department',
  });

/** `POST /clients`: any signed-in person creates a workspace and becomes its owner. */
export const workspaceInput = z
  .strictObject({ name: workspaceName, slug: workspaceSlug })
  .meta({ examples: [{ name: 'Biology department', slug: 'biology-department' }] });
export type WorkspaceInput = z.infer<typeof workspaceInput>;

/** `PATCH /clients/{clientId}`: owners rename their workspace; its address stays. */
export const workspaceRename = z
  .strictObject({ name: workspaceName })
  .meta({ examples: [{ name: 'Biology and chemistry' }] });
export type WorkspaceRename = z.infer<typeof workspaceRename>;

/** A workspace as its members and admins see it: the question database's tenant. */
export const workspace = tenant;
export type Workspace = z.infer<typeof workspace>;

export const slugCheckQuery = z.strictObject({
  slug: z.string().max(200).meta({ description: 'The address to check.', example: 'biology' }),
});
/** Whether an address can be had, and if not why and one that can. */
export const slugCheck = z.object({
  slug: z.string(),
  available: z.boolean(),
  /** Why not, when it is not available. */
  problem: z.enum(['invalid', 'reserved', 'taken']).nullable(),
  /** A free address close to the one asked for (the same one when it is free). */
  suggestion: z.string(),
});
export type SlugCheck = z.infer<typeof slugCheck>;

/** `POST /clients/{clientId}/invitations`. */
export const invitationInput = z
  .strictObject({
    email: z.email().max(320).meta({ description: 'Where the invitation goes.' }),
    role: z.enum(tenantRoles).meta({ description: 'The role the invitee gets on joining.' }),
  })
  .meta({ examples: [{ email: 'colleague@example.com', role: 'author' }] });
export type InvitationInput = z.infer<typeof invitationInput>;

export const invitationStates = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(tenantRoles),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  state: z.enum(invitationStates),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationList = z.object({ invitations: z.array(invitation) });
export type InvitationList = z.infer<typeof invitationList>;

/**
 * A new invitation and its secret token, given this once: the question database keeps only its
 * hash, and the main API puts it in the link it mails.
 */
export const invitationCreated = z.object({
  invitation,
  token: z.string(),
  /** The workspace's name, for the mail that carries the link. */
  workspaceName: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreated>;

export const invitationParams = z.strictObject({
  clientId: ids.client,
  invitationId: z.uuid({ error: 'must be an invitation id' }).meta({
    description:
      'An invitation of the workspace; `GET /clients/{clientId}/invitations` lists them.',
    example: '8d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a',
  }),
});

/** The secret of an invitation link, sent in a body so it stays out of logs of addresses. */
export const invitationToken = z.strictObject({
  token: z.string().min(20).max(100).meta({ description: 'The token from the invitation link.' }),
});

/** What the holder of an invitation link may know before they accept it. */
export const invitationPreview = z.object({
  workspaceName: z.string(),
  workspaceSlug: z.string(),
  role: z.enum(tenantRoles),
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  state: z.enum(invitationStates),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

/** `POST /clients/{clientId}/ownership`: the caller hands ownership to another member. */
export const ownershipTransfer = z.strictObject({
  userId: z.string().min(1).max(200).meta({
    description: 'The member who becomes owner (their subject at the identity provider).',
  }),
});

/** A used invitation: the membership it gave, or kept when the person already belonged. */
export const invitationAccepted = z.object({ membership, alreadyMember: z.boolean() });
export type InvitationAccepted = z.infer<typeof invitationAccepted>;

/**
 * How much of each limit a workspace uses, and the limit: an admin's override, else the paid
 * plan's, else the free one.
 */
export const workspaceUsage = z.object({
  limits: z.array(
    z.object({
      kind: z.enum(WORKSPACE_LIMIT_KINDS),
      used: z.number().int().nonnegative(),
      max: z.number().int().positive(),
      /** Whether an admin overrode it. */
      raised: z.boolean(),
      /** Where `max` comes from: an admin's override, the paid plan, or the free limits. */
      source: z.enum(['override', 'plan', 'free']),
    }),
  ),
});
export type WorkspaceUsage = z.infer<typeof workspaceUsage>;

/** `PUT /clients/{clientId}/limits`: a platform admin raises limits; null goes back to free. */
export const workspaceLimitsUpdate = z
  .strictObject(
    Object.fromEntries(
      WORKSPACE_LIMIT_KINDS.map((kind) => [
        kind,
        z.number().int().positive().max(WORKSPACE_LIMIT_CEILING).nullable().optional(),
      ]),
    ) as Record<(typeof WORKSPACE_LIMIT_KINDS)[number], z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
  )
  .meta({ examples: [{ members: 25 }] });
export type WorkspaceLimitsUpdate = z.infer<typeof workspaceLimitsUpdate>;

/** `POST /workspaces/{clientId}/deletion`: the owner types the workspace's name or address. */
export const workspaceDeletionRequest = z
  .strictObject({
    confirm: z.string().max(200).meta({
      description: 'The workspace’s name or its address, typed to confirm.',
    }),
  })
  .meta({ examples: [{ confirm: 'Biology and chemistry' }] });
export type WorkspaceDeletionRequest = z.infer<typeof workspaceDeletionRequest>;

/**
 * `PUT /clients/{clientId}/deletion` of the question database, sent by the main API in its own
 * name: the date it erases the workspace, which the question database shows its members.
 */
export const workspaceDeletionSchedule = z.strictObject({
  dueAt: z.iso.datetime({ offset: true }),
});

/**
 * `PUT /clients/{clientId}/plan-limits`: the main API sets the limits the workspace's plan gives,
 * or `null` when it is on the free plan again. `revision` grows with every change of the plan, so
 * an older setting that arrives late (a retry) never overwrites a newer one.
 */
export const workspacePlanLimits = z
  .strictObject({
    limits: z
      .strictObject(
        Object.fromEntries(
          WORKSPACE_LIMIT_KINDS.map((kind) => [
            kind,
            z.number().int().positive().max(WORKSPACE_LIMIT_CEILING),
          ]),
        ) as Record<(typeof WORKSPACE_LIMIT_KINDS)[number], z.ZodNumber>,
      )
      .nullable(),
    revision: z.number().int().positive(),
  })
  .meta({ examples: [{ limits: { members: 12, banks: 200, questions: 50000 }, revision: 3 }] });
export type WorkspacePlanLimits = z.infer<typeof workspacePlanLimits>;
