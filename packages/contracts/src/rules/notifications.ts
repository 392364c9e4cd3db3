/**
 * What Questa tells a person about, in the app and, as they choose, by mail. The list grows kind
 * by kind (an invitation, an assignment given, due tomorrow, a failing workspace payment); each
 * kind has its own mail preference and its own unsubscribe link.
 */
export const NOTIFICATION_KINDS = ['essay_graded', 'invitation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Mail for a kind when the person has not chosen: a grade and an invitation are worth a mail. */
export const MAIL_BY_DEFAULT: Record<NotificationKind, boolean> = {
  essay_graded: true,
  invitation: true,
};

/** The most notifications one page of the list shows; older ones come with "load more". */
export const NOTIFICATIONS_PAGE = 20;
