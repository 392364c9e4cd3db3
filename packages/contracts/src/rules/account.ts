/**
 * Days between a learner asking to delete their account and its deletion: long enough to change
 * their mind by signing in, short enough that erasure is still "without undue delay"
 * (docs/decisions/0025).
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** Where the browser lands after asking: a page that names the date, signed out. */
export const ACCOUNT_DELETION_SCHEDULED_PATH = '/account-deleted';

/** The `notice` the account page shows after a sign-in that cancelled a pending deletion. */
export const DELETION_CANCELLED_NOTICE = 'deletion-cancelled';
