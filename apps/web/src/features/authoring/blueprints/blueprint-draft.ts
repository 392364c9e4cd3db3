import type { Blueprint, BlueprintInput } from '@questa/contracts';
import {
  BLUEPRINT_LIMITS,
  LEARNING,
  reviewPolicies,
  type ReviewPolicy,
} from '@questa/contracts/rules';
import type { Translate } from '../../../lib/i18n';

/** An exam without its own time limit gives this much per question. */
export const secondsPerQuestion = LEARNING.examSecondsPerQuestion;

/** The blueprint contract's limits, as the form speaks of them (time in minutes). */
export const limits = {
  titleLength: BLUEPRINT_LIMITS.titleMax,
  rules: BLUEPRINT_LIMITS.rulesMax,
  countPerRule: BLUEPRINT_LIMITS.countPerRuleMax,
  minSeconds: BLUEPRINT_LIMITS.minSeconds,
  maxSeconds: BLUEPRINT_LIMITS.maxSeconds,
  /** The shortest time as a person reads it, e.g. 10 s as 0.2 min. */
  minMinutes: Math.ceil((BLUEPRINT_LIMITS.minSeconds / 60) * 10) / 10,
  maxMinutes: BLUEPRINT_LIMITS.maxSeconds / 60,
} as const;

export const reviewPolicyOptions: readonly ReviewPolicy[] = reviewPolicies;

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
      passPercent: String(BLUEPRINT_LIMITS.defaultPassMark * 100),
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
        min: limits.minMinutes,
        max: limits.maxMinutes,
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
