import { CREDIT_SUM_TOLERANCE } from './questions';

/**
 * How an option's `credit` (Moodle's grade fraction, −1..1) relates to its `correct` flag. The flag
 * stays the key that every other part of Questa reads (the correct answer a learner is shown,
 * item statistics, formats without weights); the credit refines what choosing the option earns.
 *
 * - single choice: the one correct option is worth 1; every other option is worth 0 unless it
 *   states a credit (a negative one is a penalty, though a single answer never scores below 0). A
 *   credit of 1 on another option makes it fully right too, as Moodle allows: choosing it scores
 *   full marks, while the correct option stays the answer a learner is shown.
 * - multiple response: either no option states a credit, and each correct option earns 1/C and
 *   each wrong one costs 1/W (C correct and W wrong options), or every option states one, the
 *   correct ones exactly those above 0 and summing to 1.
 */
interface CreditedOption {
  correct: boolean;
  credit?: number | undefined;
}

/** Whether a question's options carry their own credits, Moodle-style. */
export const hasCredits = (options: readonly CreditedOption[]): boolean =>
  options.some((o) => o.credit !== undefined);

/** What choosing each option earns, in option order, with the defaults applied. */
export function optionCredits(
  type: 'single_choice' | 'multiple_response',
  options: readonly CreditedOption[],
): number[] {
  if (type === 'single_choice') return options.map((o) => o.credit ?? (o.correct ? 1 : 0));
  if (hasCredits(options)) return options.map((o) => o.credit ?? 0);
  const right = options.filter((o) => o.correct).length;
  const wrong = options.length - right;
  return options.map((o) => (o.correct ? 1 / right : wrong > 0 ? -1 / wrong : 0));
}

/** The ways credits can contradict the key, each with the sentence the schema reports. */
export const CREDIT_PROBLEMS = {
  creditFull: 'the correct option is worth 100 %',
  creditEvery: 'give every option a credit, or none',
  creditCorrect: 'the correct options are exactly those with a positive credit',
  creditSum: 'the positive credits must add up to 100 %',
} as const;
export type CreditProblem = keyof typeof CREDIT_PROBLEMS;

/** Why a choice question's credits do not fit its key, or undefined when they do. */
export function creditProblem(
  type: 'single_choice' | 'multiple_response',
  options: readonly CreditedOption[],
): CreditProblem | undefined {
  if (type === 'single_choice') {
    const bad = options.some((o) => o.correct && o.credit !== undefined && o.credit !== 1);
    return bad ? 'creditFull' : undefined;
  }
  if (!hasCredits(options)) return undefined;
  if (options.some((o) => o.credit === undefined)) return 'creditEvery';
  if (options.some((o) => o.correct !== (o.credit ?? 0) > 0)) return 'creditCorrect';
  const sum = positiveCredit(options.map((o) => o.credit ?? 0));
  return Math.abs(sum - 1) > CREDIT_SUM_TOLERANCE ? 'creditSum' : undefined;
}

/** The sum of the positive credits, in option order. */
export const positiveCredit = (credits: readonly number[]): number =>
  credits.reduce((total, c) => total + Math.max(0, c), 0);

/*
 * Short-text and numeric questions: a credit per accepted answer (Moodle's 50 % answers), again a
 * refinement of the key. A short text's first accepted answer and a numeric question's value are
 * the key a learner is shown, worth 100 %; the other accepted answers may earn less.
 */

/** What typing each accepted answer of a short-text question earns, in order. */
export const acceptedCredits = (q: {
  accepted: readonly string[];
  credits?: readonly number[] | undefined;
}): number[] => q.accepted.map((_, i) => q.credits?.[i] ?? 1);

/** The ways accepted answers' credits can contradict the key, with the schema's sentences. */
export const ACCEPTED_CREDIT_PROBLEMS = {
  creditsEvery: 'give every accepted answer a credit, or none',
  creditsFirst: 'the first accepted answer is the one learners are shown, worth 100 %',
} as const;
export type AcceptedCreditProblem = keyof typeof ACCEPTED_CREDIT_PROBLEMS;

/** Why a short-text question's credits do not fit its accepted answers, or undefined. */
export function acceptedCreditProblem(q: {
  accepted: readonly string[];
  credits?: readonly number[] | undefined;
}): AcceptedCreditProblem | undefined {
  if (q.credits === undefined) return undefined;
  if (q.credits.length !== q.accepted.length) return 'creditsEvery';
  return q.credits[0] === 1 ? undefined : 'creditsFirst';
}

/** Whether a credit is one an accepted answer may carry: some of the marks, at most all. */
export const isAnswerCredit = (credit: number): boolean =>
  Number.isFinite(credit) && credit > 0 && credit <= 1;
