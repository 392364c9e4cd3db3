/**
 * What Questa tells a person about, in the app and, as they choose, by mail. The list grows kind
 * by kind (an invitation, an assignment given, due tomorrow, a failing workspace payment); each
 * kind has its own mail preference and its own unsubscribe link.
 */
export const NOTIFICATION_KINDS = [
  'essay_graded',
  'workspace_payment_failed',
  'assignment_given',
  'assignment_due',
  'invitation',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Mail for a kind when the person has not chosen: a grade is worth a mail, so is a workspace
 * payment that failed (the workspace falls back to its free limits if none succeeds), and so are
 * work a teacher gives, the day before it is due, and an invitation into a workspace.
 */
export const MAIL_BY_DEFAULT: Record<NotificationKind, boolean> = {
  essay_graded: true,
  workspace_payment_failed: true,
  assignment_given: true,
  assignment_due: true,
  invitation: true,
};

/** A reminder goes this long before an assignment's due time, once per learner. */
export const ASSIGNMENT_REMINDER_HOURS = 24;

/** The most notifications one page of the list shows; older ones come with "load more". */
export const NOTIFICATIONS_PAGE = 20;
