import { z } from 'zod';
import { ids } from '../ids';
import { BLUEPRINT_LIMITS as B, reviewPolicies } from '../rules/learning';
import { QUESTION_LIMITS as Q } from '../rules/questions';

/** What an exam draws and how it is timed, passed and reviewed. */

export const blueprintRule = z.strictObject({
  topic: z.string().trim().min(1).max(Q.topicMax).optional(),
  difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax).optional(),
  count: z.number().int().min(1).max(B.countPerRuleMax),
});

export const blueprintInput = z
  .strictObject({
    title: z.string().trim().min(1).max(B.titleMax),
    rules: z.array(blueprintRule).min(1).max(B.rulesMax),
    /** Null: the default time per question (`LEARNING.examSecondsPerQuestion`). */
    timeLimitSeconds: z.number().int().min(B.minSeconds).max(B.maxSeconds).nullable().default(null),
    /** The fraction of points needed to pass, 0..1. */
    passMark: z.number().min(0).max(1).default(B.defaultPassMark),
    shuffle: z.boolean().default(true),
    reviewPolicy: z.enum(reviewPolicies).default('full'),
  })
  .meta({
    examples: [
      {
        title: 'Capitals sprint',
        rules: [{ topic: 'Capitals', count: 10 }],
        timeLimitSeconds: 600,
        passMark: 0.7,
        shuffle: true,
        reviewPolicy: 'full',
      },
    ],
  });
export type BlueprintInput = z.input<typeof blueprintInput>;

export const blueprint = z.object({
  /** `default` for the bank's built-in blueprint, otherwise a uuid. */
  id: z.string(),
  bankId: z.uuid(),
  title: z.string(),
  rules: z.array(blueprintRule),
  questionCount: z.number().int(),
  timeLimitSeconds: z.number().int(),
  passMark: z.number(),
  shuffle: z.boolean(),
  reviewPolicy: z.enum(reviewPolicies),
  isDefault: z.boolean(),
});
export type Blueprint = z.infer<typeof blueprint>;
export const blueprintList = z.object({ blueprints: z.array(blueprint) });

/** One exam as a learner is about to start it: the time limit is their own. */
export const learnerBlueprint = blueprint.extend({
  /** The learner's extra time, as an admin granted it; 0 for most. */
  extraTimePercent: z.number().int(),
  /** The blueprint's time limit with that extra time: what the learner's clock starts from. */
  learnerTimeLimitSeconds: z.number().int(),
});
export type LearnerBlueprint = z.infer<typeof learnerBlueprint>;
export const learnerBlueprintParams = z.strictObject({
  bankId: ids.bank,
  blueprintId: z
    .union([z.uuid(), z.literal('default')])
    .meta({ description: 'A blueprint of the bank, or `default` for its built-in mock exam.' }),
});
export const blueprintParams = z.strictObject({
  clientId: ids.client,
  bankId: ids.bank,
  blueprintId: ids.blueprint,
});
