import { z } from 'zod';
import { ESSAY_LIMITS, QUESTION_LIMITS } from './rules/questions';

const L = QUESTION_LIMITS;

const id = z.string().min(1).max(L.idMax);
const text = z.string().trim().min(1).max(L.textMax);

const choice = z.strictObject({ id, text, correct: z.boolean() });
const choices = z.array(choice).min(L.choicesMin).max(L.choicesMax);

const common = {
  /** Markdown with `$…$` / `$$…$$` KaTeX math and images from the content-delivery base. */
  stem: z.string().trim().min(1).max(L.stemMax),
  explanation: z.string().max(L.explanationMax).default(''),
  topic: z.string().trim().min(1).max(L.topicMax),
  tags: z.array(z.string().trim().min(1).max(L.tagMax)).max(L.tagsMax).default([]),
  difficulty: z.number().int().min(L.difficultyMin).max(L.difficultyMax),
  points: z.number().positive().max(L.pointsMax).default(1),
  /** sha256 hashes of media the stem or answers use. */
  media: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .max(L.mediaMax)
    .default([]),
  licence: z.string().max(L.licenceMax).default('CC BY 4.0'),
  attribution: z.string().max(L.attributionMax).default(''),
};

const uniqueIds = (items: { id: string }[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

export const singleChoice = z
  .strictObject({ ...common, type: z.literal('single_choice'), options: choices })
  .refine((q) => q.options.filter((o) => o.correct).length === 1, {
    path: ['options'],
    error: 'exactly one option must be correct',
  })
  .refine((q) => uniqueIds(q.options), { path: ['options'], error: 'option ids must be unique' });

export const multipleResponse = z
  .strictObject({ ...common, type: z.literal('multiple_response'), options: choices })
  .refine((q) => q.options.some((o) => o.correct), {
    path: ['options'],
    error: 'at least one option must be correct',
  })
  .refine((q) => uniqueIds(q.options), { path: ['options'], error: 'option ids must be unique' });

export const trueFalse = z.strictObject({
  ...common,
  type: z.literal('true_false'),
  answer: z.boolean(),
});

export const shortText = z.strictObject({
  ...common,
  type: z.literal('short_text'),
  accepted: z.array(text).min(L.acceptedMin).max(L.acceptedMax),
  caseSensitive: z.boolean().default(false),
  /** `collapse` trims and folds runs of white space before comparing; `exact` compares as typed. */
  whitespace: z.enum(['collapse', 'exact']).default('collapse'),
});

export const numeric = z.strictObject({
  ...common,
  type: z.literal('numeric'),
  value: z.number().finite(),
  tolerance: z.number().finite().min(0),
  unit: z.string().trim().max(L.unitMax).optional(),
});

export const ordering = z
  .strictObject({
    ...common,
    type: z.literal('ordering'),
    /** In the correct order; learners see them shuffled. */
    items: z.array(z.strictObject({ id, text })).min(L.choicesMin).max(L.choicesMax),
  })
  .refine((q) => uniqueIds(q.items), { path: ['items'], error: 'item ids must be unique' });

export const matching = z
  .strictObject({
    ...common,
    type: z.literal('matching'),
    pairs: z
      .array(z.strictObject({ id, prompt: text, answer: text }))
      .min(L.choicesMin)
      .max(L.choicesMax),
  })
  .refine((q) => uniqueIds(q.pairs), { path: ['pairs'], error: 'pair ids must be unique' });

const clozeBlank = z.discriminatedUnion('kind', [
  z.strictObject({
    id,
    kind: z.literal('text'),
    accepted: z.array(text).min(L.acceptedMin).max(L.acceptedMax),
    caseSensitive: z.boolean().default(false),
  }),
  z
    .strictObject({
      id,
      kind: z.literal('choice'),
      options: z.array(text).min(L.choicesMin).max(L.choicesMax),
      correct: z.number().int().min(0),
    })
    .refine((b) => b.correct < b.options.length, {
      path: ['correct'],
      error: 'must point at one of the options',
    }),
]);

/** Cloze stems mark each blank as `{{id}}`; every blank in `blanks` must appear in the stem. */
export const cloze = z
  .strictObject({
    ...common,
    type: z.literal('cloze'),
    blanks: z.array(clozeBlank).min(L.blanksMin).max(L.blanksMax),
  })
  .refine((q) => q.blanks.every((b) => q.stem.includes(`{{${b.id}}}`)), {
    path: ['blanks'],
    error: 'every blank must appear in the stem as {{id}}',
  })
  .refine((q) => uniqueIds(q.blanks), { path: ['blanks'], error: 'blank ids must be unique' });

const words = z.number().int().min(1).max(ESSAY_LIMITS.wordsMax);

/**
 * Extended text, scored by a person: a grader in exams, the learner themselves in practice. The
 * rubric and the model answer are Markdown; either may be empty when an import had none.
 */
export const essay = z
  .strictObject({
    ...common,
    type: z.literal('essay'),
    rubric: z.string().max(ESSAY_LIMITS.rubricMax).default(''),
    modelAnswer: z.string().max(ESSAY_LIMITS.modelAnswerMax).default(''),
    minWords: words.optional(),
    maxWords: words.optional(),
  })
  .refine((q) => q.minWords === undefined || q.maxWords === undefined || q.minWords <= q.maxWords, {
    path: ['maxWords'],
    error: 'must not be below the minimum',
  });

/** The content of one question version: everything an author writes. */
export const questionContent = z.discriminatedUnion('type', [
  singleChoice,
  multipleResponse,
  trueFalse,
  shortText,
  numeric,
  ordering,
  matching,
  cloze,
  essay,
]);
export type QuestionContent = z.infer<typeof questionContent>;
export type QuestionContentInput = z.input<typeof questionContent>;
