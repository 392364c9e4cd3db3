/** What a question may hold; the schemas and the editor both check these. */
export const QUESTION_LIMITS = {
  stemMax: 10_000,
  explanationMax: 10_000,
  /** An option, item, pair side or accepted answer. */
  textMax: 1_000,
  idMax: 40,
  topicMax: 80,
  tagsMax: 20,
  tagMax: 40,
  unitMax: 20,
  licenceMax: 100,
  attributionMax: 200,
  /** Options of a choice, items to order, pairs to match, choices of a cloze blank. */
  choicesMin: 2,
  choicesMax: 10,
  acceptedMin: 1,
  acceptedMax: 20,
  blanksMin: 1,
  blanksMax: 20,
  difficultyMin: 1,
  difficultyMax: 5,
  pointsMax: 100,
  /** Images and other media one question refers to. */
  mediaMax: 20,
  /** A search of a bank's questions. */
  searchMax: 200,
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
  'calculated',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionStatuses = ['draft', 'in_review', 'published', 'retired'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

/** What a bank may hold. */
export const BANK_LIMITS = {
  slugMax: 60,
  titleMax: 120,
  descriptionMax: 2_000,
} as const;

/** What a learner's typed answer may hold. */
export const ANSWER_LIMITS = {
  typedMax: 1_000,
} as const;

export const bankVisibilities = ['private', 'public', 'premium'] as const;
export type BankVisibility = (typeof bankVisibilities)[number];
