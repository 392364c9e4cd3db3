import { z } from 'zod';
import { ids } from './ids';
import { isoDate } from './learning/shared';
import { LIVE_LIMITS } from './rules/live';
import {
  assignmentKinds,
  CLASS_LIMITS,
  gradebookColumnKinds,
  JOIN_CODE_ALPHABET,
  latePolicies,
  submissionStates,
} from './rules/classes';

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

const assignmentId = z.uuid({ error: 'must be an assignment id' }).meta({
  description: 'An assignment of a class.',
  example: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
});
export const assignmentParams = z.strictObject({ clientId: ids.client, classId, assignmentId });
export const learnerAssignmentParams = z.strictObject({ assignmentId });

const schedule = {
  title: z.string().trim().min(1).max(CLASS_LIMITS.titleMax),
  bankId: ids.bank,
  opensAt: isoDate.meta({ description: 'From when learners may start it.' }),
  dueAt: isoDate.meta({ description: 'When it is due; after it, the late policy applies.' }),
  attemptsAllowed: z.number().int().min(1).max(CLASS_LIMITS.attemptsMax).default(1),
  latePolicy: z.enum(latePolicies).default('accept'),
  latePenaltyPercent: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(0)
    .meta({ description: 'Taken off a late score when the late policy is `penalty`.' }),
};

/**
 * A practice set of `questionCount` questions of a bank, an exam by one of its blueprints, or a
 * challenge: `questionCount` questions of the types a live room asks, each with the live timer.
 */
export const assignmentInput = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('practice'),
      ...schedule,
      questionCount: z.number().int().min(1).max(CLASS_LIMITS.practiceQuestionsMax),
    }),
    z.strictObject({
      kind: z.literal('exam'),
      ...schedule,
      blueprintId: z.string().min(1).max(40).meta({
        description: 'A blueprint of the bank, or `default` for its built-in mock exam.',
      }),
    }),
    z.strictObject({
      kind: z.literal('challenge'),
      ...schedule,
      questionCount: z.number().int().min(1).max(CLASS_LIMITS.challengeQuestionsMax),
      questionSeconds: z
        .number()
        .int()
        .min(LIVE_LIMITS.timerMinSeconds)
        .max(LIVE_LIMITS.timerMaxSeconds)
        .default(LIVE_LIMITS.timerDefaultSeconds)
        .meta({ description: 'The timer of each question, before a learner’s extra time.' }),
    }),
  ])
  .refine((input) => Date.parse(input.dueAt) > Date.parse(input.opensAt), {
    error: 'must be after the opening time',
    path: ['dueAt'],
  })
  .meta({
    examples: [
      {
        kind: 'practice',
        title: 'Capitals, week 3',
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        questionCount: 10,
        opensAt: '2026-03-02T08:00:00Z',
        dueAt: '2026-03-09T08:00:00Z',
        attemptsAllowed: 1,
        latePolicy: 'accept',
        latePenaltyPercent: 0,
      },
    ],
  });
export type AssignmentInput = z.input<typeof assignmentInput>;

export const assignment = z.object({
  id: z.uuid(),
  classId: z.uuid(),
  kind: z.enum(assignmentKinds),
  title: z.string(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  /** The exam's blueprint; null for a practice set. */
  blueprintId: z.string().nullable(),
  /** How many questions were pinned when it was given. */
  questionCount: z.number().int(),
  /**
   * An exam's time limit, or a challenge's seconds per question, before a learner's extra time;
   * null for a practice set.
   */
  timeLimitSeconds: z.number().int().nullable(),
  opensAt: isoDate,
  dueAt: isoDate,
  attemptsAllowed: z.number().int(),
  latePolicy: z.enum(latePolicies),
  latePenaltyPercent: z.number().int(),
  createdAt: isoDate,
  /** Learners of the class who have completed it. */
  completedCount: z.number().int().nonnegative(),
});
export type Assignment = z.infer<typeof assignment>;
export const assignmentList = z.object({ assignments: z.array(assignment) });

/** One assignment as a learner sees it under To do or Done. */
export const todoItem = z.object({
  assignment: assignment.omit({ completedCount: true }),
  className: z.string(),
  state: z.enum(submissionStates),
  /** Past the due time and not completed. */
  overdue: z.boolean(),
  /** Whether starting (or resuming) is possible now. */
  startable: z.boolean(),
  attemptsUsed: z.number().int().nonnegative(),
  /** The best completed score, 0..1, after any late penalty; null until one is completed. */
  score: z.number().nullable(),
  /** The best completed attempt was handed in after the due time. */
  late: z.boolean(),
  completedAt: isoDate.nullable(),
  /** The open practice session (a challenge's too) or exam attempt, to resume. */
  current: z
    .object({ practiceSessionId: z.uuid().nullable(), examAttemptId: z.uuid().nullable() })
    .nullable(),
});
export type TodoItem = z.infer<typeof todoItem>;
export const todoList = z.object({
  /** Not completed: due soonest first, overdue ones on top. */
  todo: z.array(todoItem),
  /** Completed, most recently completed first. */
  done: z.array(todoItem),
});
export type TodoList = z.infer<typeof todoList>;

/**
 * Where the learner's work on an assignment goes on: a practice session or an exam attempt. A
 * challenge is played in a practice session of its own, which only the challenge routes serve.
 */
export const assignmentStart = z.object({
  kind: z.enum(assignmentKinds),
  practiceSessionId: z.uuid().nullable(),
  examAttemptId: z.uuid().nullable(),
});
export type AssignmentStart = z.infer<typeof assignmentStart>;

const flag = z.literal([0, 1]);

/**
 * One learner's standing in one assignment, as a tuple (decision 0036): `[completed, score,
 * late, timeSpentSeconds, attempts]`. `completed` and `late` are 0 or 1; `score` is the best
 * completed score, 0..1 to four decimals, after any late penalty, null until one is completed;
 * `timeSpentSeconds` is summed over every attempt. `decodeGradebookCell` reads it as an object.
 */
export const gradebookCell = z
  .tuple([
    flag,
    z.number().nullable(),
    flag,
    z.number().int().nonnegative(),
    z.number().int().nonnegative(),
  ])
  .meta({ examples: [[1, 0.8333, 0, 312, 1]] });
export type GradebookCellTuple = z.infer<typeof gradebookCell>;

/** An assignment, or a finished live room of the class (`kind` `live`, `dueAt` when it ended). */
export const gradebookColumn = assignment
  .pick({ id: true, title: true, dueAt: true, questionCount: true })
  .extend({ kind: z.enum(gradebookColumnKinds) });

/**
 * Learners × assignments: each learner's cells follow `assignments`, in that order; a null cell
 * is an assignment the learner has not started.
 */
export const gradebook = z.object({
  assignments: z.array(gradebookColumn),
  learners: z.array(
    rosterLearner.pick({ userId: true, displayName: true, email: true }).extend({
      cells: z.array(gradebookCell.nullable()),
    }),
  ),
});
export type Gradebook = z.infer<typeof gradebook>;

export const classLearnerParams = classMemberParams;

/** Every attempt one learner of the class made, newest first. */
export const learnerHistory = z.object({
  learner: rosterLearner,
  attempts: z.array(
    z.object({
      /** The assignment, or the live room for `kind` `live`. */
      assignmentId: z.uuid(),
      title: z.string(),
      kind: z.enum(gradebookColumnKinds),
      dueAt: isoDate,
      attempt: z.number().int().positive(),
      startedAt: isoDate,
      completedAt: isoDate.nullable(),
      score: z.number().nullable(),
      late: z.boolean(),
      timeSpentSeconds: z.number().int().nullable(),
    }),
  ),
});
export type LearnerHistory = z.infer<typeof learnerHistory>;

export const regradeRequest = z
  .strictObject({ questionId: ids.question })
  .meta({ examples: [{ questionId: '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d' }] });

/** What a regrade after a correction did: the versions, how many answers, whose score moved. */
export const regrade = z.object({
  questionId: z.uuid(),
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  /** Answers graded again. */
  regraded: z.number().int().nonnegative(),
  changed: z.array(
    z.object({
      userId: z.uuid(),
      displayName: z.string(),
      before: z.number().nullable(),
      after: z.number().nullable(),
    }),
  ),
});
export type Regrade = z.infer<typeof regrade>;

/** How the class did on each pinned question of one assignment. */
export const assignmentAnalysis = z.object({
  questions: z.array(
    z.object({
      position: z.number().int().positive(),
      questionId: z.uuid(),
      version: z.number().int().positive(),
      type: z.string(),
      excerpt: z.string(),
      /** Graded answers from the class's learners. */
      answered: z.number().int().nonnegative(),
      /** The mean score of those answers, 0..1 (the item's facility); null with none. */
      facility: z.number().nullable(),
      /** The wrong answers given most, as words, with how many gave each. */
      commonWrong: z.array(z.object({ answer: z.string(), count: z.number().int().positive() })),
      /** Median seconds to answer in practice (exams keep no time per question); null with none. */
      medianSeconds: z.number().nullable(),
    }),
  ),
});
export type AssignmentAnalysis = z.infer<typeof assignmentAnalysis>;
