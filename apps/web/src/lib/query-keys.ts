/**
 * Cache keys that one feature reads and others invalidate. Features cannot import each other, so a
 * key they share is written here, once.
 */

/** The learner's progress report. Every graded answer, in practice, review or an exam, changes it. */
export const progressQueryKey = 'progress';

/** The learner's bookmarks. Practice adds and removes them; the bookmarks page lists them. */
export const bookmarksQueryKey = 'bookmarks';

/**
 * Who is signed in, with their roles and workspaces. Creating, joining or leaving a workspace
 * changes it, and the header, guards and pages read it.
 */
export const sessionQueryKey = 'session';

/** A learner's To do. The classes feature lists it; finishing a challenge completes an item. */
export const todoQueryKey = 'todo';
