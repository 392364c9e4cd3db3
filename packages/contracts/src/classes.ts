import { z } from 'zod';
import { ids } from './ids';
import { isoDate } from './learning/shared';
import { CLASS_LIMITS, JOIN_CODE_ALPHABET } from './rules/classes';

const classId = z.uuid({ error: 'must be a class id' }).meta({
  description: 'A class of a workspace. `GET /teaching/clients/{clientId}/classes` lists yours.',
  example: '2b3c4d5e-6f70-4a1b-8c2d-3e4f5a6b7c8d',
});

export const teachingParams = z.strictObject({ clientId: ids.client });
export const classParams = z.strictObject({ clientId: ids.client, classId });
export const classMemberParams = z.strictObject({
  clientId: ids.client,
  classId,
  userId: ids.user,
});
export const learnerClassParams = z.strictObject({ classId });

export const classInput = z
  .strictObject({ name: z.string().trim().min(1).max(CLASS_LIMITS.nameMax) })
  .meta({ examples: [{ name: 'Year 9 geography' }] });
export type ClassInput = z.infer<typeof classInput>;

const joinCode = z
  .string()
  .length(CLASS_LIMITS.joinCodeLength)
  .refine((code) => [...code].every((letter) => JOIN_CODE_ALPHABET.includes(letter)), {
    error: 'is not a class code',
  })
  .meta({ description: 'The class code learners type or follow as a link.', example: 'K7M2QX9P' });

/** A class as its teacher and the workspace's owners see it. */
export const teachingClass = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  name: z.string(),
  joinCode: z.string(),
  teacherId: z.uuid(),
  teacherName: z.string(),
  learnerCount: z.number().int().nonnegative(),
  createdAt: isoDate,
  /** Set once archived: nobody joins, no assignment is given, the gradebook stays readable. */
  archivedAt: isoDate.nullable(),
});
export type TeachingClass = z.infer<typeof teachingClass>;

export const teachingClassList = z.object({ classes: z.array(teachingClass) });

export const rosterLearner = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  joinedAt: isoDate,
});
export type RosterLearner = z.infer<typeof rosterLearner>;

export const classRoster = z.object({ class: teachingClass, learners: z.array(rosterLearner) });
export type ClassRoster = z.infer<typeof classRoster>;

export const joinRequest = z.strictObject({ code: joinCode }).meta({
  examples: [{ code: 'K7M2QX9P' }],
});

/** A class as a learner in it sees it: no code, no roster. */
export const learnerClass = z.object({
  id: z.uuid(),
  name: z.string(),
  teacherName: z.string(),
  joinedAt: isoDate,
  archived: z.boolean(),
});
export type LearnerClass = z.infer<typeof learnerClass>;
export const learnerClassList = z.object({ classes: z.array(learnerClass) });
