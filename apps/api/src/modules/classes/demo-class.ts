import { randomInt } from 'node:crypto';
import {
  CLASS_LIMITS,
  JOIN_CODE_ALPHABET,
  LEARNING,
  type QuestionContent,
} from '@questa/contracts';
import type { ApiDb } from '../../db/tables';
import { createAssignmentRepository } from '../assignments/assignment.repository';
import { createClassRepository } from './class.repository';

const DAY_MS = 86_400_000;
export const DEMO_CLASS_NAME = 'Demo class: World Geography';

/** Questions of a demo bank to pin, with the bank they come from. */
export interface DemoBank {
  clientId: string;
  bankId: string;
  bankTitle: string;
  questions: { questionId: string; version: number; content: QuestionContent }[];
}

/**
 * First-start content of the classes area: the demo teacher's class with the demo learner in it,
 * a practice set due tomorrow and an exam that is overdue, so a newcomer who signs in as either
 * sees To do, a gradebook and a reminder to come. Runs once: a teacher who already has the demo
 * class keeps it as it is, whatever they changed.
 */
export async function seedDemoClass(
  db: ApiDb,
  input: { teacherSub: string; learnerSub: string; bank: DemoBank; now?: Date },
): Promise<{ seeded: boolean }> {
  const people = await db
    .selectFrom('users')
    .select(['id', 'sub'])
    .where('sub', 'in', [input.teacherSub, input.learnerSub])
    .execute();
  const teacherId = people.find((person) => person.sub === input.teacherSub)?.id;
  const learnerId = people.find((person) => person.sub === input.learnerSub)?.id;
  if (!teacherId || !learnerId || input.bank.questions.length < 2) return { seeded: false };
  const existing = await db
    .selectFrom('classes')
    .select('id')
    .where('teacher_id', '=', teacherId)
    .where('name', '=', DEMO_CLASS_NAME)
    .executeTakeFirst();
  if (existing) return { seeded: false };

  const classes = createClassRepository(db);
  let classId: string | undefined;
  while (!classId) {
    const code = Array.from(
      { length: CLASS_LIMITS.joinCodeLength },
      () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)],
    ).join('');
    classId = await classes.create({
      clientId: input.bank.clientId,
      name: DEMO_CLASS_NAME,
      joinCode: code,
      teacherId,
    });
  }
  await classes.addMember(classId, learnerId);

  const now = input.now ?? new Date();
  const half = Math.ceil(input.bank.questions.length / 2);
  const pinned = input.bank.questions.map((question) => ({ ...question, passage: null }));
  const assignments = createAssignmentRepository(db);
  const common = {
    classId,
    clientId: input.bank.clientId,
    bankId: input.bank.bankId,
    bankTitle: input.bank.bankTitle,
    attemptsAllowed: 1,
    latePolicy: 'accept' as const,
    latePenaltyPercent: 0,
    createdBy: teacherId,
  };
  await assignments.create(
    {
      ...common,
      kind: 'practice',
      title: 'Capitals warm-up',
      blueprintId: null,
      blueprintTitle: null,
      passMark: null,
      reviewPolicy: null,
      timeLimitSeconds: null,
      opensAt: new Date(now.getTime() - DAY_MS).toISOString(),
      dueAt: new Date(now.getTime() + DAY_MS).toISOString(),
    },
    pinned.slice(0, half),
  );
  const examQuestions = pinned.slice(half);
  await assignments.create(
    {
      ...common,
      kind: 'exam',
      title: 'Geography check',
      blueprintId: 'default',
      blueprintTitle: 'Geography check',
      passMark: 0.6,
      reviewPolicy: 'full',
      timeLimitSeconds: examQuestions.length * LEARNING.examSecondsPerQuestion,
      opensAt: new Date(now.getTime() - 3 * DAY_MS).toISOString(),
      dueAt: new Date(now.getTime() - DAY_MS).toISOString(),
    },
    examQuestions,
  );
  return { seeded: true };
}
