import { z } from 'zod';
import { ids } from './ids';
import { pageCursor, questionPageLimit } from './admin';
import { catalogBank } from './catalog';
import { questionContent } from './question';
import { drawnPassage } from './passage';
import { exchangeFormats, importFormats, UPLOAD_LIMITS } from './rules/files';
import { QUESTION_LIMITS as Q, questionStatuses, questionTypes } from './rules/questions';

const isoDate = z.iso.datetime({ offset: true });

/**
 * A bank as its tenant's authors see and edit it: the catalog's view plus its creation time and,
 * while it is archived, since when.
 */
export const bank = catalogBank.extend({ createdAt: isoDate, archivedAt: isoDate.nullable() });
export type Bank = z.infer<typeof bank>;
export const bankParams = z.strictObject({ clientId: ids.client, bankId: ids.bank });

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
  bankId: ids.bank.optional().meta({ description: 'Only questions of this bank.' }),
  q: z.string().trim().min(1).max(Q.searchMax).optional().meta({
    description:
      'Full-text search over stem, options and explanation, in the bank’s language; results carry a `headline`.',
    example: 'capital',
  }),
  topic: z.string().max(Q.topicMax).optional().meta({ description: 'Only this topic.' }),
  tag: z.string().max(Q.tagMax).optional().meta({ description: 'Only questions with this tag.' }),
  type: z.enum(questionTypes).optional().meta({ description: 'Only this question type.' }),
  difficulty: z.coerce
    .number()
    .int()
    .min(Q.difficultyMin)
    .max(Q.difficultyMax)
    .optional()
    .meta({ description: `Only this difficulty (${Q.difficultyMin}–${Q.difficultyMax}).` }),
  status: z
    .enum(questionStatuses)
    .optional()
    .meta({ description: 'Only questions whose current version has this status.' }),
  cursor: pageCursor,
  limit: questionPageLimit,
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
  /** The passage the question is read with, when it belongs to a group; null on its own. */
  passageId: z.uuid().nullable(),
  current: questionVersion,
});
export type QuestionDetail = z.infer<typeof questionDetail>;

export const questionParams = z.strictObject({ clientId: ids.client, questionId: ids.question });
export const versionParams = z.strictObject({
  clientId: ids.client,
  questionId: ids.question,
  version: z.coerce
    .number()
    .int()
    .positive()
    .meta({ description: 'A version number, 1 for the first; `…/versions` lists them.' }),
});

/** An example question, in the request bodies of the API reference. */
const exampleQuestion = {
  stem: 'Which river flows through Cairo?',
  explanation: 'The Nile flows north through Cairo to the Mediterranean.',
  topic: 'Rivers',
  difficulty: 2,
  type: 'single_choice',
  options: [
    { id: 'a', text: 'The Nile', correct: true },
    { id: 'b', text: 'The Congo', correct: false },
    { id: 'c', text: 'The Niger', correct: false },
  ],
};

export const questionCreate = z
  .strictObject({ content: questionContent })
  .meta({ examples: [{ content: exampleQuestion }] });
/**
 * Saves the content. A draft is changed in place; a published or retired question gets a new
 * draft version. A stale `expectedRevision` is refused with `conflict.version`.
 */
export const questionSave = z
  .strictObject({
    content: questionContent,
    expectedRevision: z.number().int().positive(),
  })
  .meta({ examples: [{ content: exampleQuestion, expectedRevision: 2 }] });

export const questionTransitions = ['submit', 'publish', 'retire', 'return_to_draft'] as const;
export const questionTransition = z
  .strictObject({
    action: z.enum(questionTransitions),
    /** The revision the caller last read; a stale one is refused with `conflict.version`. */
    expectedRevision: z.number().int().positive(),
  })
  .meta({ examples: [{ action: 'publish', expectedRevision: 3 }] });

export const versionList = z.object({ versions: z.array(questionVersion) });

/** Whether a tenant's publishing needs a second person (see `publishRefusal` in the rules). */
export const publishingSettings = z
  .object({
    /** The owner's choice; off for a new workspace, whose owner publishes directly. */
    secondPerson: z.boolean(),
    /**
     * Members who can publish (owners and reviewers): with a second person needed, one of fewer
     * than two cannot publish what they wrote, so the studio warns.
     */
    publishers: z.number().int().nonnegative(),
  })
  .meta({ examples: [{ secondPerson: false, publishers: 1 }] });
export type PublishingSettings = z.infer<typeof publishingSettings>;

/** The owner's choice. */
export const publishingSettingsUpdate = z
  .strictObject({ secondPerson: z.boolean() })
  .meta({ examples: [{ secondPerson: true }] });

/** Draw published questions: counts per topic and difficulty, as practice and exams ask. */
export const drawRequest = z
  .strictObject({
    rules: z
      .array(
        z.strictObject({
          topic: z.string().max(80).optional(),
          difficulty: z.number().int().min(1).max(5).optional(),
          count: z.number().int().min(1).max(500),
          /** Only questions of this passage, in authored order: practice asks for a group's next one. */
          passageId: z.uuid().optional(),
        }),
      )
      .min(1)
      .max(50),
    exclude: z.array(z.uuid()).max(5000).default([]),
    /** Same seed, same bank state: same draw. */
    seed: z.string().max(100).optional(),
  })
  .meta({
    examples: [
      {
        rules: [
          { topic: 'Capitals', difficulty: 1, count: 5 },
          { topic: 'Rivers', count: 3 },
        ],
        exclude: [],
        seed: 'lesson-4',
      },
    ],
  });
export const drawnQuestion = z.object({
  questionId: z.uuid(),
  version: z.number().int().positive(),
  content: questionContent,
  /** The passage the question refers to (listed in the draw's `passages`), and its place there. */
  passageId: z.uuid().nullable().optional(),
  passagePosition: z.number().int().positive().optional(),
});
export const drawResult = z.object({
  /** Questions that share a passage come one after another, in their authored order. */
  questions: z.array(drawnQuestion),
  /** The newest version of every passage the questions refer to. */
  passages: z.array(drawnPassage).default([]),
  /** Rules that could not be filled completely (counted from 0), with how many were found. */
  shortfalls: z.array(
    z.object({ rule: z.number().int(), wanted: z.number().int(), found: z.number().int() }),
  ),
});

/*
 * A catalog bank's published questions as a trusted service reads them, to let someone choose
 * questions by hand: listed like a tenant's questions, then taken by id at their published version.
 */

export const catalogQuestionQuery = z.strictObject({
  types: z
    .string()
    .max(200)
    .transform((list) => list.split(','))
    .pipe(z.array(z.enum(questionTypes)).min(1))
    .meta({
      description: `Only questions of these types, comma-separated: any of ${questionTypes.join(', ')}.`,
      example: 'single_choice,true_false,numeric',
    }),
  q: z.string().trim().min(1).max(Q.searchMax).optional().meta({
    description:
      'Full-text search over stem, options and explanation, in the bank’s language; results carry a `headline`.',
    example: 'river',
  }),
  cursor: pageCursor,
  limit: questionPageLimit,
});
export type CatalogQuestionQuery = z.infer<typeof catalogQuestionQuery>;

export const catalogQuestionLookup = z
  .strictObject({
    questionIds: z
      .array(ids.question)
      .min(1)
      .max(100)
      .refine((asked) => new Set(asked).size === asked.length, {
        error: 'names a question more than once',
      }),
  })
  .meta({
    examples: [
      {
        questionIds: [
          '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d',
          '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
        ],
      },
    ],
  });
export const catalogQuestionLookupResult = z.object({
  /** In the order asked; a question that is not a published one of the bank is left out. */
  questions: z.array(drawnQuestion),
  /** The newest version of every passage the questions refer to, as a draw gives them. */
  passages: z.array(drawnPassage),
});
export type CatalogQuestionLookupResult = z.infer<typeof catalogQuestionLookupResult>;

export const mediaInfo = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.enum(UPLOAD_LIMITS.contentTypes),
  bytes: z.number().int().positive(),
  /** An image's size in pixels; null for SVG without one, for audio and for video. */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /**
   * Address to put in Markdown: `![alt](media:<sha256>)` for an image; audio and video add their
   * kind, `![description](media:<sha256>#audio)`.
   */
  reference: z.string(),
});
export type MediaInfo = z.infer<typeof mediaInfo>;

const exchangeFormat = z
  .enum(exchangeFormats)
  .meta({ description: 'The file format: GIFT, Moodle XML, a QTI 3.0 package (zip) or CSV.' });

export const importQuery = z.strictObject({
  format: z.enum(importFormats).meta({
    description:
      'The file format: GIFT, Moodle XML, a QTI 3.0 package (zip), CSV, or, import only, a Kahoot quiz spreadsheet (xlsx) or Aiken text.',
  }),
  mode: z.enum(['all_or_nothing', 'valid_only']).default('all_or_nothing').meta({
    description:
      '`all_or_nothing` writes nothing unless every item is valid; `valid_only` imports the valid items and reports the rest.',
  }),
  dryRun: z.enum(['true', 'false']).default('false').meta({
    description: '`true` checks the file and previews the first questions, writing nothing.',
  }),
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
  format: exchangeFormat,
  status: z.enum(['published', 'all']).default('published').meta({
    description:
      '`published` exports what learners see; `all` exports every question’s current version, drafts included.',
  }),
});
