import { z } from 'zod';
import { ids } from './ids';
import { CATALOG_LIMITS as C, catalogAccesses, catalogSorts } from './rules/catalog';
import { bankVisibilities, QUESTION_LIMITS } from './rules/questions';

export const catalogBank = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  visibility: z.enum(bankVisibilities),
  tags: z.array(z.string()),
  questionCount: z.number().int().min(0),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CatalogBank = z.infer<typeof catalogBank>;

// Query strings come from people editing addresses too: every refusal says what would do.
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be ${min} or more` })
    .max(max, { error: `must be ${max} or less` });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** What a learner may narrow the catalog by, and in which order and page they read it. */
export const catalogQuery = z.strictObject({
  q: text(C.searchMax).optional().meta({
    description: 'Only banks whose title or description holds this text, in any letter case.',
    example: 'geography',
  }),
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, { error: 'must be a language tag such as en or pt-BR' })
    .optional()
    .meta({ description: 'Only banks in this language.', example: 'en' }),
  tag: text(QUESTION_LIMITS.tagMax)
    .optional()
    .meta({ description: 'Only banks carrying this tag.', example: 'geography' }),
  access: oneOf(catalogAccesses).optional().meta({
    description: 'Only free (public) banks, or only premium ones.',
    example: 'free',
  }),
  minQuestions: wholeNumber(1, C.minQuestionsMax)
    .optional()
    .meta({ description: 'Only banks with at least this many published questions.', example: 10 }),
  sort: oneOf(catalogSorts).default('title').meta({
    description:
      '`title` (A to Z), `newest` (last changed first) or `questions` (most published questions first).',
    example: 'newest',
  }),
  page: wholeNumber(1, C.pageMax)
    .default(1)
    .meta({ description: 'Which page to read, from 1.', example: 1 }),
  pageSize: wholeNumber(1, C.pageSizeMax)
    .default(C.pageSizeDefault)
    .meta({ description: `Banks per page, up to ${C.pageSizeMax}.`, example: 24 }),
});
export type CatalogQuery = z.infer<typeof catalogQuery>;

const facetCount = z.number().int().min(0);

export const catalogList = z.object({
  banks: z.array(catalogBank),
  /** How many banks match the query, over every page. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** What the whole catalog offers to filter by, whatever the query: languages and tags. */
  languages: z.array(z.object({ language: z.string(), bankCount: facetCount })),
  tags: z.array(z.object({ tag: z.string(), bankCount: facetCount })),
});
export type CatalogList = z.infer<typeof catalogList>;

export const catalogTopic = z.object({
  topic: z.string(),
  questionCount: z.number().int().min(0),
});

export const catalogBankDetail = catalogBank.extend({
  topics: z.array(catalogTopic),
  questionTypes: z.array(z.string()),
});
export type CatalogBankDetail = z.infer<typeof catalogBankDetail>;

export const bankIdParams = z.strictObject({ bankId: ids.bank });
