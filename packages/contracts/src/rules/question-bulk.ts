/**
 * How many questions one bulk action may change. It runs in one transaction, which holds a lock
 * on every question it changes; past this, a filter should be narrowed.
 */
export const QUESTION_BULK_MAX = 500;

export const questionBulkActions = ['submit', 'publish', 'retire', 'move', 'delete'] as const;
export type QuestionBulkAction = (typeof questionBulkActions)[number];

/** Why a bulk action left a question as it was; clients switch on these, never on `detail`. */
export const questionBulkSkipReasons = [
  /** Not a question of this bank and tenant (or gone since it was listed). */
  'not_found',
  /** Submit and delete take drafts only. */
  'not_draft',
  /** Publish takes questions in review only. */
  'not_in_review',
  /** Retire takes questions with a published version only. */
  'not_published',
  /** Delete never removes a question that was published: answers may refer to it. */
  'was_published',
  /** Publishing needs a second person, and the one asking wrote the current version. */
  'own_version',
] as const;
export type QuestionBulkSkipReason = (typeof questionBulkSkipReasons)[number];
