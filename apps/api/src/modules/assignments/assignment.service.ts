import {
  liveQuestionTypes,
  shuffleKeepingPassages,
  type Assignment,
  type AssignmentStart,
  type TodoItem,
  type TodoList,
  type assignmentInput,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { presentQuestion } from '@questa/scoring';
import type { z } from 'zod';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { ClassService } from '../classes/class.service';
import type { BlueprintService } from '../exams/blueprint.service';
import type { NotificationService } from '../notifications/notification.service';
import { pinnedPassage } from '../learning/passages';
import type { UserRow } from '../users/user.repository';
import {
  assignmentView,
  type AssignedQuestion,
  type AssignmentRepository,
  type AssignmentRow,
} from './assignment.repository';

type NewAssignmentInput = z.output<typeof assignmentInput>;

const noSuchAssignment = () =>
  new HttpProblem('not_found', { detail: 'There is no such assignment.' });

/** A time limit stretched by the learner's extra time, in whole seconds. */
const withExtraTime = (seconds: number, percent: number) =>
  Math.round(seconds * (1 + percent / 100));

/**
 * Assignments: a teacher gives a class a practice set or an exam, whose questions are pinned
 * then; each learner's attempt is an ordinary practice session or exam attempt on those pinned
 * versions, so answers feed progress and review cards as all practice and exams do.
 */
export function createAssignmentService(deps: {
  unitOfWork: UnitOfWork;
  assignments: AssignmentRepository;
  classes: Pick<ClassService, 'taught'>;
  blueprints: Pick<BlueprintService, 'find'>;
  questionDb: Pick<QuestionDbClient, 'getTenantBank' | 'drawFromTenant'>;
  auth: Pick<AuthService, 'accessToken'>;
  notifications: Pick<NotificationService, 'notifyMany'>;
  log: { warn(details: object, message: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Why the assignment cannot be started now, if it cannot. */
  function closedReason(row: AssignmentRow, at: Date): string | undefined {
    if (at < new Date(row.opensAt)) return 'This assignment opens later.';
    if (at > new Date(row.dueAt) && row.latePolicy === 'refuse') {
      return 'This assignment was due and takes no late work.';
    }
    return undefined;
  }

  /** The questions a new assignment pins, drawn as the teacher, with their own access. */
  async function draw(
    context: AuthContext,
    clientId: string,
    input: NewAssignmentInput,
    requestId: string,
  ) {
    const token = await deps.auth.accessToken(context);
    // Answers 404 for a bank of another workspace, as the question database decides.
    const bank = await deps.questionDb.getTenantBank(token, clientId, input.bankId, requestId);
    if (input.kind === 'practice') {
      const drawn = await deps.questionDb.drawFromTenant(
        token,
        clientId,
        bank.id,
        { rules: [{ count: input.questionCount }] },
        requestId,
      );
      return { bank, drawn, exam: null };
    }
    if (input.kind === 'challenge') {
      // A challenge asks only what a live room asks, answered in seconds; the draw takes no
      // type, so it draws more and keeps the first of a live type.
      const drawn = await deps.questionDb.drawFromTenant(
        token,
        clientId,
        bank.id,
        { rules: [{ count: input.questionCount * 4 }] },
        requestId,
      );
      const live = drawn.questions.filter((question) =>
        (liveQuestionTypes as readonly string[]).includes(question.content.type),
      );
      return {
        bank,
        drawn: { ...drawn, questions: live.slice(0, input.questionCount) },
        exam: null,
      };
    }
    const blueprint = await deps.blueprints.find({ ...bank, clientId }, input.blueprintId);
    if (!blueprint) {
      throw new HttpProblem('not_found', { detail: 'This bank has no such exam blueprint.' });
    }
    const drawn = await deps.questionDb.drawFromTenant(
      token,
      clientId,
      bank.id,
      { rules: blueprint.rules },
      requestId,
    );
    const order = blueprint.shuffle
      ? shuffleKeepingPassages(drawn.questions, Math.random)
      : drawn.questions;
    return { bank, drawn: { ...drawn, questions: order }, exam: blueprint };
  }

  function todoItem(
    entry: Awaited<ReturnType<AssignmentRepository['forLearner']>>[number],
    at: Date,
  ): TodoItem {
    const { assignment } = entry;
    const completed = entry.completedAt !== null;
    const state = completed ? 'completed' : entry.current ? 'in_progress' : 'not_started';
    const canStart =
      entry.current !== null ||
      (closedReason(assignment, at) === undefined &&
        entry.attemptsUsed < assignment.attemptsAllowed);
    return {
      assignment: assignmentView(assignment),
      className: entry.className,
      state,
      overdue: !completed && at > new Date(assignment.dueAt),
      startable: canStart,
      attemptsUsed: entry.attemptsUsed,
      score: entry.bestScore,
      late: entry.late,
      completedAt: entry.completedAt,
      current: entry.current,
    };
  }

  /** Opens the learner's next attempt inside the unit of work that holds their place. */
  async function openAttempt(
    work: WorkRepositories,
    user: UserRow,
    row: AssignmentRow,
    attempt: number,
  ): Promise<AssignmentStart> {
    if (row.kind === 'practice' || row.kind === 'challenge') {
      const sessionId = await work.practice.createSession({
        userId: user.id,
        clientId: row.clientId,
        bankId: row.bankId,
        bankTitle: row.bankTitle,
        topics: [],
        difficulties: [],
        assignmentId: row.id,
        // The first question's timer starts when it is served, not now.
        ...(row.kind === 'challenge' && {
          questionLimitMs: withExtraTime(row.timeLimitSeconds ?? 20, user.extraTimePercent) * 1000,
        }),
      });
      const first = await work.practice.pinnedQuestion(row.id, 1);
      if (first) {
        await work.practice.addItem({
          sessionId,
          questionId: first.questionId,
          version: first.version,
          content: first.content,
          presented: presentQuestion(first.content, Math.random),
          passage: first.passage,
        });
      }
      await work.submissions.create({
        assignmentId: row.id,
        userId: user.id,
        attempt,
        practiceSessionId: sessionId,
      });
      return { kind: row.kind, practiceSessionId: sessionId, examAttemptId: null };
    }
    const questions = await work.assignments.pinned(row.id);
    const attemptId = await work.exams.create(
      {
        userId: user.id,
        clientId: row.clientId,
        bankId: row.bankId,
        bankTitle: row.bankTitle,
        blueprintTitle: row.blueprintTitle ?? row.title,
        blueprintId: row.blueprintId ?? 'default',
        passMark: row.passMark ?? 0.5,
        reviewPolicy: row.reviewPolicy ?? 'full',
        extraTimePercent: user.extraTimePercent,
        seconds: withExtraTime(row.timeLimitSeconds ?? 60, user.extraTimePercent),
      },
      questions.map((question) => ({
        questionId: question.questionId,
        version: question.version,
        content: question.content,
        presented: presentQuestion(question.content, Math.random),
        passage: question.passage,
      })),
    );
    await work.submissions.create({
      assignmentId: row.id,
      userId: user.id,
      attempt,
      examAttemptId: attemptId,
    });
    return { kind: 'exam', practiceSessionId: null, examAttemptId: attemptId };
  }

  return {
    async give(
      context: AuthContext,
      params: { clientId: string; classId: string },
      input: NewAssignmentInput,
      requestId: string,
    ): Promise<Assignment> {
      const taught = await deps.classes.taught(context, params.clientId, params.classId, requestId);
      if (taught.archivedAt !== null) {
        throw new HttpProblem('class.archived', {
          detail: 'This class is archived: it takes no new assignments.',
        });
      }
      // Drawn before the unit of work: nothing waits on the question database in a transaction.
      const { bank, drawn, exam } = await draw(context, params.clientId, input, requestId);
      if (drawn.questions.length === 0) {
        throw new HttpProblem('validation.failed', {
          detail:
            input.kind === 'challenge'
              ? 'This bank has no published questions a live quiz can ask yet.'
              : 'This bank has no published questions to assign yet.',
          errors: [{ field: 'bankId', message: 'no published questions match' }],
        });
      }
      const passages = new Map(drawn.passages.map((passage) => [passage.id, passage]));
      const questions: AssignedQuestion[] = drawn.questions.map((question) => ({
        questionId: question.questionId,
        version: question.version,
        content: question.content,
        passage: pinnedPassage(passages, question.passageId),
      }));
      const id = await deps.unitOfWork((work) =>
        work.assignments.create(
          {
            classId: params.classId,
            kind: input.kind,
            title: input.title,
            clientId: params.clientId,
            bankId: bank.id,
            bankTitle: bank.title,
            blueprintId: exam?.id ?? null,
            blueprintTitle: exam?.title ?? null,
            passMark: exam?.passMark ?? null,
            reviewPolicy: exam?.reviewPolicy ?? null,
            // The limit is for the questions actually pinned, when the bank had fewer than asked.
            timeLimitSeconds: exam
              ? Math.round(
                  exam.questionCount > questions.length
                    ? (exam.timeLimitSeconds / exam.questionCount) * questions.length
                    : exam.timeLimitSeconds,
                )
              : input.kind === 'challenge'
                ? input.questionSeconds
                : null,
            opensAt: input.opensAt,
            dueAt: input.dueAt,
            attemptsAllowed: input.attemptsAllowed,
            latePolicy: input.latePolicy,
            latePenaltyPercent: input.latePolicy === 'penalty' ? input.latePenaltyPercent : 0,
            createdBy: context.user.id,
          },
          questions,
        ),
      );
      const given = assignmentView((await deps.assignments.find(id))!);
      // The class hears of it in the app at once and by mail as each chose; a failure to tell
      // them does not undo the assignment.
      try {
        const { mailed } = await deps.notifications.notifyMany(
          await deps.assignments.learnersOf(params.classId),
          {
            kind: 'assignment_given',
            assignmentId: id,
            title: given.title,
            className: taught.name,
            dueAt: given.dueAt,
          },
        );
        void mailed;
      } catch (error) {
        deps.log.warn({ err: error, assignmentId: id }, 'the class was not told of an assignment');
      }
      return { ...given, completedCount: 0 };
    },

    /**
     * A learner who joins after work was given hears of what they can still do, as the class
     * did when it was given, once per assignment. A failure to tell them does not undo the join.
     */
    async welcome(user: UserRow, classId: string) {
      try {
        for (const assignment of await deps.assignments.untold(classId, user.id, now())) {
          const { mailed } = await deps.notifications.notifyMany([user.id], {
            kind: 'assignment_given',
            assignmentId: assignment.id,
            title: assignment.title,
            className: assignment.className,
            dueAt: new Date(assignment.dueAt).toISOString(),
          });
          void mailed;
        }
      } catch (error) {
        deps.log.warn({ err: error, classId }, 'a new learner was not told of assignments');
      }
    },

    async list(
      context: AuthContext,
      params: { clientId: string; classId: string },
      requestId: string,
    ) {
      await deps.classes.taught(context, params.clientId, params.classId, requestId);
      return { assignments: await deps.assignments.listForClass(params.classId) };
    },

    /** To do (overdue first, then due soonest) and Done (latest first), across every class. */
    async todo(user: UserRow): Promise<TodoList> {
      const at = now();
      const items = (await deps.assignments.forLearner(user.id)).map((entry) =>
        todoItem(entry, at),
      );
      const todo = items
        .filter((item) => item.state !== 'completed')
        .sort(
          (a, b) =>
            Number(b.overdue) - Number(a.overdue) ||
            a.assignment.dueAt.localeCompare(b.assignment.dueAt),
        );
      const done = items
        .filter((item) => item.state === 'completed')
        .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
      return { todo, done };
    },

    /**
     * Starts the learner's next attempt, or gives back the one still open. Only learners of the
     * assignment's class get anything but not found.
     */
    async start(user: UserRow, assignmentId: string): Promise<AssignmentStart> {
      const row = await deps.assignments.find(assignmentId);
      if (!row) throw noSuchAssignment();
      return deps.unitOfWork(async (work) => {
        if (!(await work.assignments.lockMembership(row.classId, user.id))) {
          throw noSuchAssignment();
        }
        const attempts = await work.assignments.attemptsOf(row.id, user.id);
        const open = attempts.find((attempt) => attempt.completedAt === null);
        if (open) {
          return {
            kind: row.kind,
            practiceSessionId: open.practiceSessionId,
            examAttemptId: open.examAttemptId,
          };
        }
        const reason = closedReason(row, now());
        if (reason) throw new HttpProblem('assignment.not_open', { detail: reason });
        if (attempts.length >= row.attemptsAllowed) {
          throw new HttpProblem('assignment.attempts_used', {
            detail: `This assignment allows ${row.attemptsAllowed} attempt${row.attemptsAllowed === 1 ? '' : 's'}, and all are used.`,
          });
        }
        return openAttempt(work, user, row, attempts.length + 1);
      });
    },
  };
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
