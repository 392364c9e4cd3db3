import { z } from 'zod';
import { ids } from './ids';
import { ESSAY_LIMITS } from './rules/questions';

/**
 * The grading queue: essay answers from exams on a tenant's banks, scored by the tenant's
 * reviewers and authors. Learners appear under a pseudonym, never by name or email.
 */

const isoDate = z.iso.datetime({ offset: true });

export const gradingStatuses = ['awaiting', 'graded'] as const;

export const gradingQuery = z.strictObject({
  status: z.enum(gradingStatuses).default('awaiting').meta({
    description: 'Answers still awaiting a grade (the default), or those already graded.',
  }),
});

export const gradingParams = z.strictObject({
  clientId: ids.client,
  attemptId: ids.attempt,
  position: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .meta({ description: 'The question’s place in the attempt, 1 for the first.' }),
});

export const gradingQueueItem = z.object({
  attemptId: z.uuid(),
  position: z.number().int().positive(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  topic: z.string(),
  /** The first part of the stem, as Markdown. */
  excerpt: z.string(),
  /** Stable for one learner within one tenant, and tells nothing about who they are. */
  learner: z.string(),
  submittedAt: isoDate,
  status: z.enum(gradingStatuses),
  points: z.number().nullable(),
  maxPoints: z.number(),
});
export type GradingQueueItem = z.infer<typeof gradingQueueItem>;

export const gradingQueue = z.object({ items: z.array(gradingQueueItem) });
export type GradingQueue = z.infer<typeof gradingQueue>;

export const gradingDetail = gradingQueueItem.extend({
  stem: z.string(),
  media: z.array(z.string()),
  rubric: z.string(),
  modelAnswer: z.string(),
  minWords: z.number().int().nullable(),
  maxWords: z.number().int().nullable(),
  /** The learner's essay as they wrote it. */
  text: z.string(),
  comment: z.string().nullable(),
  gradedAt: isoDate.nullable(),
  /** Sent back with a grade: a grade given meanwhile by someone else makes it a conflict. */
  gradeVersion: z.number().int(),
});
export type GradingDetail = z.infer<typeof gradingDetail>;

export const gradeBody = z
  .strictObject({
    /** 0 to the question's points, in steps of `ESSAY_LIMITS.pointStep`. */
    points: z.number().min(0),
    comment: z.string().trim().max(ESSAY_LIMITS.commentMax).default(''),
    gradeVersion: z.number().int().min(0),
  })
  .meta({
    examples: [{ points: 1.5, comment: 'Clear argument; cite a source.', gradeVersion: 0 }],
  });
export type GradeBody = z.input<typeof gradeBody>;
