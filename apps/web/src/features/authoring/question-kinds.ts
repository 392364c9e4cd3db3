import {
  exchangeFormats,
  importFormats,
  questionStatuses,
  questionTypes,
  type ExchangeFormat,
  type ImportFormat,
  type QuestionStatus,
  type QuestionType,
} from '@questa/contracts/rules';

export const questionTypeOptions: readonly QuestionType[] = questionTypes;
export const questionStatusOptions: readonly QuestionStatus[] = questionStatuses;
/** What the export menu offers; import also reads the import-only formats. */
export const exchangeFormatOptions: readonly ExchangeFormat[] = exchangeFormats;
export const importFormatOptions: readonly ImportFormat[] = importFormats;

const isOneOf = (list: readonly string[], value: unknown) =>
  typeof value === 'string' && list.includes(value);

export const isQuestionType = (value: unknown): value is QuestionType =>
  isOneOf(questionTypes, value);
export const isQuestionStatus = (value: unknown): value is QuestionStatus =>
  isOneOf(questionStatuses, value);
export const isExchangeFormat = (value: unknown): value is ExchangeFormat =>
  isOneOf(exchangeFormats, value);
