import { z } from 'zod';
import { catalogBank } from './catalog';
import { questionContent } from './question';
import { exchangeFormats } from './rules/files';
import { QUESTION_LIMITS as Q, questionStatuses, questionTypes } from './rules/questions';

const isoDate = z.iso.datetime({ offset: true });

/** A bank as its tenant's authors see and edit it: the catalog's view plus its creation time. */
export const bank = catalogBank.extend({ createdAt: isoDate });
export type Bank = z.infer<typeof bank>;
export const bankParams = z.strictObject({ clientId: z.uuid(), bankId: z.uuid() });

/** One line of a question list or search result. */
export const questionSummary = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  status: z.enum(questionStatuses),
  currentVersion: z.number().int().positive(),
  publishedVersion: z.number().int().positive().nullable(),
  revision: z.number().int().positive(),
  type: z.enum(questionTypes),
  /** The stem's first 200 characters, Markdown as written. */
  excerpt: z.string(),
  topic: z.string(),
  tags: z.array(z.string()),
  difficulty: z.number().int().min(1).max(5),
  updatedAt: isoDate,
  /** Search only: the matching words in context, with matches between « and ». */
  headline: z.string().optional(),
});
export type QuestionSummary = z.infer<typeof questionSummary>;

export const questionListQuery = z.strictObject({
  bankId: z.uuid().optional(),
  /** Full-text search over stem, options and explanation, in the bank's language. */
  q: z.string().trim().min(1).max(Q.searchMax).optional(),
  topic: z.string().max(Q.topicMax).optional(),
  tag: z.string().max(Q.tagMax).optional(),
  type: z.enum(questionTypes).optional(),
  difficulty: z.coerce.number().int().min(Q.difficultyMin).max(Q.difficultyMax).optional(),
  status: z.enum(questionStatuses).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;
/** What an author filters a bank's question list by. */
export type QuestionFilters = Pick<
  QuestionListQuery,
  'q' | 'type' | 'topic' | 'difficulty' | 'status'
>;
export const questionList = z.object({
  questions: z.array(questionSummary),
  nextCursor: z.string().nullable(),
});
export type QuestionList = z.infer<typeof questionList>;

export const questionVersion = z.object({
  questionId: z.uuid(),
  version: z.number().int().positive(),
  status: z.enum(questionStatuses),
  content: questionContent,
  authorId: z.string(),
  createdAt: isoDate,
});
export type QuestionVersion = z.infer<typeof questionVersion>;

export const questionDetail = z.object({
  id: z.uuid(),
  bankId: z.uuid(),
  clientId: z.uuid(),
  currentVersion: z.number().int().positive(),
  publishedVersion: z.number().int().positive().nullable(),
  /** Grows with every save or transition; send it back to prove you edited the latest state. */
  revision: z.number().int().positive(),
  current: questionVersion,
});
export type QuestionDetail = z.infer<typeof questionDetail>;

export const questionParams = z.strictObject({ clientId: z.uuid(), questionId: z.uuid() });
export const versionParams = z.strictObject({
  clientId: z.uuid(),
  questionId: z.uuid(),
  version: z.coerce.number().int().positive(),
});

export const questionCreate = z.strictObject({ content: questionContent });
/**
 * Saves the content. A draft is changed in place; a published or retired question gets a new
 * draft version. A stale `expectedRevision` is refused with `conflict.version`.
 */
export const questionSave = z.strictObject({
  content: questionContent,
  expectedRevision: z.number().int().positive(),
});

export const questionTransitions = ['submit', 'publish', 'retire', 'return_to_draft'] as const;
export const questionTransition = z.strictObject({
  action: z.enum(questionTransitions),
  expectedRevision: z.number().int().positive(),
});

export const versionList = z.object({ versions: z.array(questionVersion) });

/** Draw published questions: counts per topic and difficulty, as practice and exams ask. */
export const drawRequest = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        topic: z.string().max(80).optional(),
        difficulty: z.number().int().min(1).max(5).optional(),
        count: z.number().int().min(1).max(500),
      }),
    )
    .min(1)
    .max(50),
  exclude: z.array(z.uuid()).max(5000).default([]),
  /** Same seed, same bank state: same draw. */
  seed: z.string().max(100).optional(),
});
export const drawnQuestion = z.object({
  questionId: z.uuid(),
  version: z.number().int().positive(),
  content: questionContent,
});
export const drawResult = z.object({
  questions: z.array(drawnQuestion),
  /** Rules that could not be filled completely (counted from 0), with how many were found. */
  shortfalls: z.array(
    z.object({ rule: z.number().int(), wanted: z.number().int(), found: z.number().int() }),
  ),
});

export const mediaInfo = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml']),
  bytes: z.number().int().positive(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /** Reference to put in Markdown: `![alt](media:<sha256>)`. */
  reference: z.string(),
});
export type MediaInfo = z.infer<typeof mediaInfo>;

export const importQuery = z.strictObject({
  format: z.enum(exchangeFormats),
  /** all_or_nothing writes nothing unless every item is valid; valid_only skips the bad ones. */
  mode: z.enum(['all_or_nothing', 'valid_only']).default('all_or_nothing'),
  /** Check and preview without writing. */
  dryRun: z.enum(['true', 'false']).default('false'),
});

export const importIssue = z.object({
  /** 1-based line in the file, when the format has lines. */
  line: z.number().int().positive().optional(),
  /** 1-based position of the item in the file. */
  item: z.number().int().positive().optional(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssue>;

export const importReport = z.object({
  total: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  imported: z.number().int().nonnegative(),
  errors: z.array(importIssue),
  /** What the format carried that Questa could not keep, or the reverse. */
  warnings: z.array(importIssue),
  /** Dry runs only: the first questions as they would be written. */
  preview: z.array(questionContent).optional(),
});
export type ImportReport = z.infer<typeof importReport>;

export const exportQuery = z.strictObject({
  format: z.enum(exchangeFormats),
  status: z.enum(['published', 'all']).default('published'),
});
