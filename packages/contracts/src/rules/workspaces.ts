/**
 * Workspaces (tenants of the question database, on screen "workspaces"): how they are named and
 * addressed, and how long an invitation to one stays open.
 */

export const WORKSPACE_NAME_MAX = 80;
export const WORKSPACE_SLUG_MIN = 3;
export const WORKSPACE_SLUG_MAX = 40;
/** Lower-case letters, digits and single hyphens inside; what an address can carry unescaped. */
export const WORKSPACE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses that would read as one of Questa's own pages or roles under `/workspaces/…`, or
 * invite impersonation of the platform.
 */
export const RESERVED_WORKSPACE_SLUGS: readonly string[] = [
  'new',
  'settings',
  'admin',
  'api',
  'questa',
  'support',
  'help',
  'invitations',
];

/** Why a slug cannot be had: not well formed, kept for Questa, or already another's. */
export type SlugProblem = 'invalid' | 'reserved' | 'taken';

/** Whether `slug` is well formed and free of reserved words; `taken` is the database's to say. */
export function slugProblem(slug: string): Exclude<SlugProblem, 'taken'> | null {
  if (
    slug.length < WORKSPACE_SLUG_MIN ||
    slug.length > WORKSPACE_SLUG_MAX ||
    !WORKSPACE_SLUG_PATTERN.test(slug)
  ) {
    return 'invalid';
  }
  return RESERVED_WORKSPACE_SLUGS.includes(slug) ? 'reserved' : null;
}

/**
 * The address a name suggests: accents dropped, anything else between letters and digits made a
 * single hyphen, cut at the longest a slug may be. Short names are padded so the suggestion is
 * always one the server would take unless someone has it.
 */
export function suggestSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, WORKSPACE_SLUG_MAX)
    .replace(/-+$/, '');
  const padded = base.length >= WORKSPACE_SLUG_MIN ? base : `${base || 'workspace'}-team`;
  return RESERVED_WORKSPACE_SLUGS.includes(padded) ? `${padded}-team` : padded;
}

/** An invitation link works this long, then the owner sends a new one. */
export const INVITATION_TTL_DAYS = 7;
/** Open invitations a workspace may have at once; more is a mass mailing, not an invitation. */
export const OPEN_INVITATIONS_MAX = 50;

/**
 * What a free workspace holds at most. Members count with the invitations still open, so an
 * owner cannot invite past the limit and find the link refused later. A platform admin raises a
 * workspace's limits on request (`PUT /clients/{clientId}/limits`), which is what the studio tells
 * an owner who reaches one.
 */
export const FREE_WORKSPACE_LIMITS = { members: 5, banks: 10, questions: 1000 } as const;
export const WORKSPACE_LIMIT_KINDS = ['members', 'banks', 'questions'] as const;
export type WorkspaceLimitKind = (typeof WORKSPACE_LIMIT_KINDS)[number];
/** The most an admin may raise a limit to; beyond this a workspace needs another arrangement. */
export const WORKSPACE_LIMIT_CEILING = 100_000;

/**
 * Days between an owner asking to delete a workspace and its erasure, during which its members
 * still read and export everything and an owner (or a platform admin) keeps it with one click
 * (docs/decisions/0034).
 */
export const WORKSPACE_DELETION_GRACE_DAYS = 14;

/**
 * What a workspace on the paid plan holds: a member for each seat paid, and banks and questions
 * enough for a team that works in Questa every day (decision 0037). The main API sets them in the
 * question database when the plan starts, its seats change or it ends.
 */
export const PAID_WORKSPACE_LIMITS = { banks: 200, questions: 50_000 } as const;

/** The limits of a paid workspace with `seats` seats. */
export const paidWorkspaceLimits = (seats: number): Record<WorkspaceLimitKind, number> => ({
  members: Math.min(seats, WORKSPACE_LIMIT_CEILING),
  ...PAID_WORKSPACE_LIMITS,
});
