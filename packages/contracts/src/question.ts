import { z } from 'zod';
import { hotspotImage, hotspotRegion } from './hotspot';
import {
  ACCEPTED_CREDIT_PROBLEMS,
  acceptedCreditProblem,
  CREDIT_PROBLEMS,
  creditProblem,
} from './rules/credit';
import { ESSAY_LIMITS, QUESTION_LIMITS } from './rules/questions';
import {
  CALCULATED_LIMITS,
  hasFiniteInstance,
  stemPlaceholders,
  toleranceTypes,
  VARIABLE_NAME,
} from './rules/calculated';
import { FORMULA_LIMITS, formulaFunctions, parseFormula } from './rules/formula';

const L = QUESTION_LIMITS;

const id = z.string().min(1).max(L.idMax);
const text = z.string().trim().min(1).max(L.textMax);

const choice = z.strictObject({
  id,
  text,
  correct: z.boolean(),
  /**
   * Moodle's grade fraction for choosing this option: 1 full credit, 0.5 half, −0.25 a penalty.
   * Absent, the option is worth what its `correct` flag makes it (see `optionCredits`).
   */
  credit: z.number().min(-1).max(1).optional(),
  /** Markdown shown beside the option once a learner has chosen it, never before. */
  feedback: z.string().trim().min(1).max(L.optionFeedbackMax).optional(),
});
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
  /** Markdown hints a learner may open one by one before answering. */
  hints: z.array(z.string().trim().min(1).max(L.hintMax)).max(L.hintsMax).optional(),
};

const uniqueIds = (items: { id: string }[]) =>
  new Set(items.map((item) => item.id)).size === items.length;

/** Credits that contradict the key are reported on the options, in the rule's own words. */
const creditIssue = (q: {
  type: 'single_choice' | 'multiple_response';
  options: z.infer<typeof choice>[];
}) => {
  const problem = creditProblem(q.type, q.options);
  return (
    problem && { code: 'custom' as const, path: ['options'], message: CREDIT_PROBLEMS[problem] }
  );
};

export const singleChoice = z
  .strictObject({ ...common, type: z.literal('single_choice'), options: choices })
  .refine((q) => q.options.filter((o) => o.correct).length === 1, {
    path: ['options'],
    error: 'exactly one option must be correct',
  })
  .refine((q) => uniqueIds(q.options), { path: ['options'], error: 'option ids must be unique' })
  .superRefine((q, ctx) => {
    const issue = creditIssue(q);
    if (issue) ctx.addIssue(issue);
  });

export const multipleResponse = z
  .strictObject({ ...common, type: z.literal('multiple_response'), options: choices })
  .refine((q) => q.options.some((o) => o.correct), {
    path: ['options'],
    error: 'at least one option must be correct',
  })
  .refine((q) => uniqueIds(q.options), { path: ['options'], error: 'option ids must be unique' })
  .superRefine((q, ctx) => {
    const issue = creditIssue(q);
    if (issue) ctx.addIssue(issue);
  });

export const trueFalse = z.strictObject({
  ...common,
  type: z.literal('true_false'),
  answer: z.boolean(),
});

/** What an accepted answer earns: some of the marks (Moodle's 50 % answers), at most all. */
const answerCredit = z.number().gt(0).max(1);

export const shortText = z
  .strictObject({
    ...common,
    type: z.literal('short_text'),
    /** The first is the answer learners are shown; any of them is accepted. */
    accepted: z.array(text).min(L.acceptedMin).max(L.acceptedMax),
    /**
     * What each accepted answer earns, in the same order. Absent, every one is worth 100 % (see
     * `acceptedCredits`); the first always is.
     */
    credits: z.array(answerCredit).max(L.acceptedMax).optional(),
    caseSensitive: z.boolean().default(false),
    /** `collapse` trims and folds runs of white space before comparing; `exact` compares as typed. */
    whitespace: z.enum(['collapse', 'exact']).default('collapse'),
  })
  .superRefine((q, ctx) => {
    const problem = acceptedCreditProblem(q);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['credits'],
        message: ACCEPTED_CREDIT_PROBLEMS[problem],
      });
    }
  });

export const numeric = z.strictObject({
  ...common,
  type: z.literal('numeric'),
  /** The answer learners are shown, worth 100 % within `tolerance`. */
  value: z.number().finite(),
  tolerance: z.number().finite().min(0),
  /**
   * More accepted answers, each with its own tolerance and credit (Moodle's numerical answers
   * after the first). An answer within several of them earns the best credit.
   */
  alternatives: z
    .array(
      z.strictObject({
        value: z.number().finite(),
        tolerance: z.number().finite().min(0),
        credit: answerCredit,
      }),
    )
    .min(1)
    .max(L.acceptedMax - 1)
    .optional(),
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

/**
 * Hotspot (QTI hotspot and select-point): the learner places up to `markers` points on the image
 * and each correct region holding one scores (see the scoring package's hotspot grader). One
 * marker is "select the one right spot".
 */
export const hotspot = z
  .strictObject({
    ...common,
    type: z.literal('hotspot'),
    image: hotspotImage,
    regions: z.array(hotspotRegion).min(L.hotspotRegionsMin).max(L.hotspotRegionsMax),
    markers: z.number().int().min(1).max(L.hotspotMarkersMax),
  })
  .refine((q) => q.media.includes(q.image.sha256), {
    path: ['media'],
    error: 'media must list the image',
  })
  .refine((q) => q.regions.some((r) => r.correct), {
    path: ['regions'],
    error: 'at least one region must be correct',
  })
  .refine((q) => uniqueIds(q.regions), { path: ['regions'], error: 'region ids must be unique' });
const C = CALCULATED_LIMITS;
const magnitude = z.number().finite().min(-C.magnitudeMax).max(C.magnitudeMax);

const calculatedVariable = z
  .strictObject({
    name: z
      .string()
      .max(C.nameMax)
      .regex(VARIABLE_NAME, 'a letter or _, then letters, digits or _')
      .refine((name) => !(formulaFunctions as string[]).includes(name), {
        error: 'a function name cannot be a variable',
      }),
    min: magnitude,
    max: magnitude,
    decimals: z.number().int().min(0).max(C.decimalsMax),
    step: z.number().finite().positive().max(C.magnitudeMax).optional(),
  })
  .refine((v) => v.min <= v.max, { path: ['max'], error: 'must not be below min' });

/**
 * A stem with `{name}` placeholders, variables drawn from ranges for each presentation, and a
 * formula for the answer (see rules/formula.ts for its language). Graded like numeric, against
 * the answer for the values the learner was shown, rounded to `answerDecimals`.
 */
export const calculated = z
  .strictObject({
    ...common,
    type: z.literal('calculated'),
    variables: z.array(calculatedVariable).min(C.variablesMin).max(C.variablesMax),
    formula: z.string().trim().min(1).max(FORMULA_LIMITS.lengthMax),
    tolerance: z.number().finite().min(0),
    toleranceType: z.enum(toleranceTypes).default('absolute'),
    answerDecimals: z.number().int().min(0).max(C.answerDecimalsMax).default(2),
    unit: z.string().trim().max(L.unitMax).optional(),
  })
  .superRefine((q, ctx) => {
    const names = new Set(q.variables.map((v) => v.name));
    if (names.size !== q.variables.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['variables'],
        message: 'variable names must be unique',
      });
    }
    for (const name of stemPlaceholders(q.stem)) {
      if (!names.has(name)) {
        ctx.addIssue({ code: 'custom', path: ['stem'], message: `{${name}} is not a variable` });
      }
    }
    const parsed = parseFormula(q.formula);
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['formula'],
        message: `${parsed.message} (at character ${parsed.position + 1})`,
      });
      return;
    }
    const unknown = parsed.variables.filter((name) => !names.has(name));
    for (const name of unknown) {
      ctx.addIssue({ code: 'custom', path: ['formula'], message: `${name} is not a variable` });
    }
    if (unknown.length === 0 && names.size === q.variables.length && !hasFiniteInstance(q)) {
      ctx.addIssue({
        code: 'custom',
        path: ['formula'],
        message: 'the formula gives no finite answer for values in these ranges',
      });
    }
  });
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
  hotspot,
  calculated,
  essay,
]);
export type QuestionContent = z.infer<typeof questionContent>;
export type QuestionContentInput = z.input<typeof questionContent>;
