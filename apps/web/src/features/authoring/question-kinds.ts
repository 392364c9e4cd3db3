import type { ExchangeFormat, QuestionStatus, QuestionType } from '@questa/contracts';

// The contract's lists are runtime values that would bring the schema library into the bundle;
// records typed by the unions make the compiler insist on every member instead.

const types: Record<QuestionType, true> = {
  single_choice: true,
  multiple_response: true,
  true_false: true,
  short_text: true,
  numeric: true,
  ordering: true,
  matching: true,
  cloze: true,
};
const statuses: Record<QuestionStatus, true> = {
  draft: true,
  in_review: true,
  published: true,
  retired: true,
};
const formats: Record<ExchangeFormat, true> = {
  gift: true,
  moodle_xml: true,
  qti: true,
  csv: true,
};

export const questionTypeOptions = Object.keys(types) as QuestionType[];
export const questionStatusOptions = Object.keys(statuses) as QuestionStatus[];
export const exchangeFormatOptions = Object.keys(formats) as ExchangeFormat[];

export const isQuestionType = (value: unknown): value is QuestionType =>
  typeof value === 'string' && Object.hasOwn(types, value);
export const isQuestionStatus = (value: unknown): value is QuestionStatus =>
  typeof value === 'string' && Object.hasOwn(statuses, value);
export const isExchangeFormat = (value: unknown): value is ExchangeFormat =>
  typeof value === 'string' && Object.hasOwn(formats, value);
