import { z } from 'zod';
import { languageTag } from './language';

import { sessionBilling } from './billing';
import { globalRoles, tenantRoles } from './rules/access';

export const membership = z.object({
  clientId: z.uuid(),
  clientSlug: z.string(),
  clientName: z.string(),
  role: z.enum(tenantRoles),
  /** Set while the workspace is scheduled for deletion: when it will be erased. */
  deletionDueAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Membership = z.infer<typeof membership>;

export const sessionUser = z.object({
  id: z.uuid(),
  sub: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(globalRoles)),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const entitlements = z.object({
  premium: z.boolean(),
  /** May open live rooms: premium learners and tenant authors. */
  host: z.boolean(),
});
export type Entitlements = z.infer<typeof entitlements>;

/** `GET /api/session`: who is signed in, or `user: null`. Never carries a token. */
export const sessionInfo = z.object({
  user: sessionUser.nullable(),
  memberships: z.array(membership),
  entitlements,
  /** The learner's plan, subscription and features; absent when nobody is signed in. */
  billing: sessionBilling.optional(),
  /**
   * Whether the identity provider has a page where the signed-in person changes their password:
   * Questa's own provider has; an external one manages passwords itself. Absent when nobody is
   * signed in.
   */
  passwordPage: z.boolean().optional(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const loginQuery = z.strictObject({
  returnTo: z.string().max(2000).optional().meta({
    description: 'Where to go after signing in: a path on this site only.',
    example: '/practice',
  }),
  signup: z
    .enum(['1'])
    .optional()
    .meta({ description: '`1` opens the identity provider’s sign-up page instead of sign-in.' }),
  locale: languageTag.optional().meta({
    description:
      'The language the app is shown in (a BCP 47 tag); the identity provider’s pages follow it. Without it they follow the browser’s languages.',
    example: 'de',
  }),
});

export const activeSession = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  userAgent: z.string(),
  ip: z.string(),
});
export const activeSessions = z.object({ sessions: z.array(activeSession) });
export type ActiveSession = z.infer<typeof activeSession>;

export const membershipList = z.object({ memberships: z.array(membership) });
export type MembershipList = z.infer<typeof membershipList>;

/**
 * `POST /api/auth/backchannel-logout`: the identity provider ends sign-ins here (OpenID Connect
 * Back-Channel Logout 1.0), with a signed logout token in a form body.
 */
export const backChannelLogoutRequest = z.object({
  logout_token: z.string().min(1).max(16_384).meta({
    description:
      'A JWT signed by the provider: `iss`, `aud` (this client), `iat`, `jti`, the back-channel logout event, and `sub` and/or `sid`.',
  }),
});

/** Where the browser goes next after signing out: the identity provider's end-session page. */
export const redirectResponse = z.object({ redirectTo: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponse>;

/**
 * `POST /api/account/delete`: the learner types their email address to confirm, so a stray click
 * or a forged request cannot delete an account.
 */
export const deleteAccountRequest = z.strictObject({
  confirm: z.string().max(320).meta({
    description: 'The account’s email address, as the learner typed it to confirm.',
    example: 'ada@example.com',
  }),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/**
 * The answer to `POST /api/account/delete`: the browser, now signed out, goes to `redirectTo`;
 * the account is deleted at `dueAt` unless its owner signs in before then.
 */
export const deletionScheduled = z.object({
  redirectTo: z.string(),
  dueAt: z.iso.datetime({ offset: true }),
});
export type DeletionScheduled = z.infer<typeof deletionScheduled>;

const exportRows = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /api/account/export`: everything Questa keeps about the learner, as one JSON file (the
 * right of access and to data portability). Rows are the stored records, minus secrets.
 */
export const accountExport = z.object({
  format: z.literal('questa-account-export/1'),
  exportedAt: z.iso.datetime({ offset: true }),
  profile: z.record(z.string(), z.unknown()),
  answers: exportRows,
  reviewCards: exportRows,
  bookmarks: exportRows,
  practiceSessions: exportRows,
  examAttempts: exportRows,
  liveRoomsHosted: exportRows,
  livePlayers: exportRows,
  sessions: exportRows,
  premiumGrants: exportRows,
  dailyUsage: exportRows,
  subscriptions: exportRows,
  invoices: exportRows,
  checkouts: exportRows,
  notifications: exportRows,
  /** The mail choices made per kind of notification; a kind not listed sends mail. */
  mailPreferences: exportRows,
  /** Classes joined as a learner, and the work done in their assignments. */
  classesJoined: exportRows,
  submissions: exportRows,
  /** Classes the person teaches. */
  classesTaught: exportRows,
});
export type AccountExport = z.infer<typeof accountExport>;
