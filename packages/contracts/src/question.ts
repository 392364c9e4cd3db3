import { z } from 'zod';

export const LIMITS = {
  stemMax: 10_000,
  explanationMax: 10_000,
  tagsMax: 20,
  tagMax: 40,
  choicesMin: 2,
  choicesMax: 10,
} as const;

export const questionTypes = [
  'single_choice',
  'multiple_response',
  'true_false',
  'short_text',
  'numeric',
  'ordering',
  'matching',
  'cloze',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionStatuses = ['draft', 'in_review', 'published', 'retired'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

const id = z.string().min(1).max(40);
const text = z.string().trim().min(1).max(1_000);

const choice = z.strictObject({ id, text, correct: z.boolean() });
const choices = z.array(choice).min(LIMITS.choicesMin).max(LIMITS.choicesMax);

const common = {
  /** Markdown with `$…$` / `$$…$$` KaTeX math and images from the content-delivery base. */
  stem: z.string().trim().min(1).max(LIMITS.stemMax),
  explanation: z.string().max(LIMITS.explanationMax).default(''),
  topic: z.string().trim().min(1).max(80),
  tags: z.array(z.string().trim().min(1).max(LIMITS.tagMax)).max(LIMITS.tagsMax).default([]),
  difficulty: z.number().int().min(1).max(5),
  points: z.number().positive().max(100).default(1),
  /** sha256 hashes of media the stem or answers use. */
  media: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .max(20)
    .default([]),
  licence: z.string().max(100).default('CC BY 4.0'),
  attribution: z.string().max(200).default(''),
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
  accepted: z.array(text).min(1).max(20),
  caseSensitive: z.boolean().default(false),
  /** `collapse` trims and folds runs of white space before comparing; `exact` compares as typed. */
  whitespace: z.enum(['collapse', 'exact']).default('collapse'),
});

export const numeric = z.strictObject({
  ...common,
  type: z.literal('numeric'),
  value: z.number().finite(),
  tolerance: z.number().finite().min(0),
  unit: z.string().trim().max(20).optional(),
});

export const ordering = z
  .strictObject({
    ...common,
    type: z.literal('ordering'),
    /** In the correct order; learners see them shuffled. */
    items: z.array(z.strictObject({ id, text })).min(LIMITS.choicesMin).max(LIMITS.choicesMax),
  })
  .refine((q) => uniqueIds(q.items), { path: ['items'], error: 'item ids must be unique' });

export const matching = z
  .strictObject({
    ...common,
    type: z.literal('matching'),
    pairs: z
      .array(z.strictObject({ id, prompt: text, answer: text }))
      .min(LIMITS.choicesMin)
      .max(LIMITS.choicesMax),
  })
  .refine((q) => uniqueIds(q.pairs), { path: ['pairs'], error: 'pair ids must be unique' });

const clozeBlank = z.discriminatedUnion('kind', [
  z.strictObject({
    id,
    kind: z.literal('text'),
    accepted: z.array(text).min(1).max(20),
    caseSensitive: z.boolean().default(false),
  }),
  z
    .strictObject({
      id,
      kind: z.literal('choice'),
      options: z.array(text).min(LIMITS.choicesMin).max(LIMITS.choicesMax),
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
    blanks: z.array(clozeBlank).min(1).max(20),
  })
  .refine((q) => q.blanks.every((b) => q.stem.includes(`{{${b.id}}}`)), {
    path: ['blanks'],
    error: 'every blank must appear in the stem as {{id}}',
  })
  .refine((q) => uniqueIds(q.blanks), { path: ['blanks'], error: 'blank ids must be unique' });

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
]);
export type QuestionContent = z.infer<typeof questionContent>;
export type QuestionContentInput = z.input<typeof questionContent>;
