import type { Blueprint, BlueprintInput, ReviewPolicy } from '@questa/contracts';
import type { Translate } from '../../../lib/i18n';

/** PRODUCT §9: an exam without its own time limit gives this much per question. */
export const secondsPerQuestion = 90;

export const limits = {
  titleLength: 120,
  rules: 20,
  countPerRule: 200,
  minSeconds: 60,
  maxSeconds: 6 * 60 * 60,
} as const;

// The contract's list is a runtime value that would bring the schema library into the bundle;
// a record typed by the union makes the compiler insist on every policy instead.
const policies: Record<ReviewPolicy, true> = { score_only: true, responses: true, full: true };
export const reviewPolicyOptions = Object.keys(policies) as ReviewPolicy[];

export interface RuleDraft {
  /** Keeps React's rows apart while rules are added and removed. */
  key: number;
  /** Empty: any topic. */
  topic: string;
  /** Empty: any difficulty. */
  difficulty: string;
  count: string;
}

/** A blueprint as its form holds it: what was typed, valid or not. */
export interface BlueprintDraft {
  title: string;
  rules: RuleDraft[];
  /** Empty: the default of 90 seconds per question. */
  minutes: string;
  passPercent: string;
  shuffle: boolean;
  reviewPolicy: ReviewPolicy;
}

let nextKey = 1;
export const newRule = (): RuleDraft => ({
  key: nextKey++,
  topic: '',
  difficulty: '',
  count: '10',
});

export function draftFrom(blueprint?: Blueprint): BlueprintDraft {
  if (!blueprint) {
    return {
      title: '',
      rules: [newRule()],
      minutes: '',
      passPercent: '60',
      shuffle: true,
      reviewPolicy: 'full',
    };
  }
  const usesDefaultTime =
    blueprint.timeLimitSeconds === blueprint.questionCount * secondsPerQuestion;
  return {
    title: blueprint.title,
    rules: blueprint.rules.map((rule) => ({
      key: nextKey++,
      topic: rule.topic ?? '',
      difficulty: rule.difficulty === undefined ? '' : String(rule.difficulty),
      count: String(rule.count),
    })),
    minutes: usesDefaultTime ? '' : String(Math.round((blueprint.timeLimitSeconds / 60) * 10) / 10),
    passPercent: String(Math.round(blueprint.passMark * 1000) / 10),
    shuffle: blueprint.shuffle,
    reviewPolicy: blueprint.reviewPolicy,
  };
}

/** Field errors keyed as the API names fields, e.g. `title` or `rules.0.count`. */
export type DraftErrors = Record<string, string>;

const number = (text: string) => (text.trim() === '' ? NaN : Number(text.replace(',', '.')));

/** The blueprint to send, or the errors that stop it, checked as the contract checks them. */
export function toInput(
  t: Translate,
  draft: BlueprintDraft,
): { input: BlueprintInput; errors: null } | { input: null; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = t('editor.error.required');
  else if (title.length > limits.titleLength) {
    errors.title = t('editor.error.tooLong', { max: limits.titleLength });
  }

  if (draft.rules.length === 0) errors.rules = t('blueprints.error.noRules');
  const rules = draft.rules.map((rule, index) => {
    const count = number(rule.count);
    if (!Number.isInteger(count) || count < 1 || count > limits.countPerRule) {
      errors[`rules.${index}.count`] = t('blueprints.error.count', { max: limits.countPerRule });
    }
    return {
      ...(rule.topic ? { topic: rule.topic } : {}),
      ...(rule.difficulty ? { difficulty: Number(rule.difficulty) } : {}),
      count,
    };
  });

  let timeLimitSeconds: number | null = null;
  if (draft.minutes.trim() !== '') {
    const seconds = Math.round(number(draft.minutes) * 60);
    if (!Number.isFinite(seconds) || seconds < limits.minSeconds || seconds > limits.maxSeconds) {
      errors.timeLimitSeconds = t('blueprints.error.minutes', {
        min: limits.minSeconds / 60,
        max: limits.maxSeconds / 60,
      });
    } else timeLimitSeconds = seconds;
  }

  const percent = number(draft.passPercent);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    errors.passMark = t('blueprints.error.passMark');
  }

  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      title,
      rules,
      timeLimitSeconds,
      passMark: Math.round(percent * 10) / 1000,
      shuffle: draft.shuffle,
      reviewPolicy: draft.reviewPolicy,
    },
    errors: null,
  };
}

/** The questions a draft asks for, counting only rules with a valid count. */
export const draftQuestionCount = (draft: BlueprintDraft) =>
  draft.rules.reduce((sum, rule) => {
    const count = number(rule.count);
    return Number.isInteger(count) && count > 0 ? sum + count : sum;
  }, 0);
