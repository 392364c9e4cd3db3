import { z } from 'zod';
import { isoDate } from './learning/shared';
import { tenantRoles } from './rules/access';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PAGE } from './rules/notifications';

const notificationKind = z.enum(NOTIFICATION_KINDS);

/** An essay in an exam got its grade (or a corrected one). */
const essayGraded = z.object({
  kind: z.literal('essay_graded'),
  attemptId: z.uuid(),
  examTitle: z.string(),
  bankTitle: z.string(),
  position: z.number().int().positive(),
  points: z.number(),
  maxPoints: z.number(),
});

/** A payment for a workspace's seats failed; told to the workspace's owners. */
const workspacePaymentFailed = z.object({
  kind: z.literal('workspace_payment_failed'),
  clientId: z.uuid(),
  workspaceName: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /** The partner's page where the invoice can be paid with another card. */
  hostedUrl: z.string().nullable(),
});

/** A teacher gave the learner's class an assignment. */
const assignmentGiven = z.object({
  kind: z.literal('assignment_given'),
  assignmentId: z.uuid(),
  title: z.string(),
  className: z.string(),
  dueAt: isoDate,
});

/** An assignment the learner has not completed is due within a day. */
const assignmentDue = assignmentGiven.extend({ kind: z.literal('assignment_due') });

/** Someone was invited into a workspace; the link joins it. */
const invitation = z.object({
  kind: z.literal('invitation'),
  workspaceName: z.string(),
  role: z.enum(tenantRoles),
  /** The inviter's display name. */
  invitedBy: z.string(),
  /** The invitation page, as a path of the web client (`/invitations/…`). */
  link: z.string().startsWith('/invitations/'),
  expiresAt: isoDate,
});

/** What a notification is about, tagged by kind so each kind brings its own fields. */
export const notificationSubject = z.discriminatedUnion('kind', [
  essayGraded,
  workspacePaymentFailed,
  assignmentGiven,
  assignmentDue,
  invitation,
]);
export type NotificationSubject = z.infer<typeof notificationSubject>;

export const notification = z.object({
  id: z.uuid(),
  subject: notificationSubject,
  createdAt: isoDate,
  /** Null while unread. */
  readAt: isoDate.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  notifications: z.array(notification),
  unread: z.number().int().nonnegative(),
  /** Pass as `before` for the next, older page (the last one's id); null at the end. */
  nextBefore: z.uuid().nullable(),
});
export type NotificationList = z.infer<typeof notificationList>;

export const notificationQuery = z.strictObject({
  // An id, not a time: several notifications can share a moment, and a time cut at a page's
  // edge would skip those that share the last one's.
  before: z
    .uuid()
    .optional()
    .meta({ description: 'Only notifications older than this one: a page’s `nextBefore`.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_PAGE)
    .default(NOTIFICATIONS_PAGE)
    .meta({ description: 'How many to return at most.' }),
});

/** Marks the named notifications read, or every one when `all` is true. */
export const notificationRead = z
  .strictObject({ ids: z.array(z.uuid()).max(100).optional(), all: z.literal(true).optional() })
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    error: 'name the notifications in ids, or send all: true',
  })
  .meta({ examples: [{ all: true }] });

export const notificationUnread = z.object({ unread: z.number().int().nonnegative() });

/** One switch per kind of notification: whether it also comes by mail. */
const mailSwitches = z.object({
  essay_graded: z.boolean(),
  workspace_payment_failed: z.boolean(),
  assignment_given: z.boolean(),
  assignment_due: z.boolean(),
  invitation: z.boolean(),
} satisfies Record<(typeof NOTIFICATION_KINDS)[number], z.ZodBoolean>);

/** Which kinds a person gets by mail; in-app notices come always. */
export const mailPreferences = z.object({ mail: mailSwitches });
export type MailPreferences = z.infer<typeof mailPreferences>;

export const mailPreferencesUpdate = z
  .strictObject({ mail: mailSwitches.partial().strict() })
  .meta({ examples: [{ mail: { essay_graded: false } }] });

/** From the link in a mail: signed for one person and one kind, and for nothing else. */
export const unsubscribeBody = z
  .strictObject({ token: z.string().min(10).max(600) })
  .meta({ examples: [{ token: 'dW5zdWJzY3JpYmU.c2lnbmF0dXJl' }] });
export const unsubscribeResult = z.object({ kind: notificationKind });
