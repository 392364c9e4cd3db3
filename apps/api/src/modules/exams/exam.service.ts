import { LRUCache } from 'lru-cache';
import {
  LEARNING,
  shuffleKeepingPassages,
  type AnswerInput,
  type ExamAttempt,
  type ExamReview,
  type ExamSummary,
  type LearnerBlueprint,
  type SavedResponse,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { correctAnswer, examScore, grade, presentedValues, presentQuestion } from '@questa/scoring';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { UnitOfWork, WorkRepositories } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import { pinnedPassage } from '../learning/passages';
import { gradeOrRefuse } from '../learning/grading';
import { premiumRequired, type LearnerBanks } from '../learning/learner-banks';
import type { EntitlementService } from '../entitlements/entitlements';
import type { UserRow } from '../users/user.repository';
import type { BlueprintService } from './blueprint.service';
import type { AttemptRow, ExamRepository } from './exam.repository';
import { createResponseWriter } from './response-writer';

/** A time limit stretched by the learner's extra time, in whole seconds. */
const withExtraTime = (seconds: number, percent: number) =>
  Math.round(seconds * (1 + percent / 100));

const noSuchBlueprint = () =>
  new HttpProblem('not_found', { detail: 'This bank has no such exam blueprint.' });
const noSuchAttempt = () => new HttpProblem('not_found', { detail: 'There is no such exam.' });
const expired = () =>
  new HttpProblem('exam.expired', {
    detail: 'This exam has ended: answers are no longer taken.',
  });

/**
 * Timed exams: an attempt pins its question versions, its deadline is the
 * server's, every answer is committed before it is acknowledged, and at deadline plus grace the
 * server closes the attempt with what was saved, whether or not anyone is connected.
 */
export function createExamService(deps: {
  unitOfWork: UnitOfWork;
  exams: ExamRepository;
  blueprints: BlueprintService;
  banks: LearnerBanks;
  questionDb: QuestionDbClient;
  entitlements: Pick<EntitlementService, 'mayTakeExams'>;
  graceSeconds?: number;
}) {
  const { exams } = deps;
  const graceSeconds = deps.graceSeconds ?? LEARNING.examGraceSeconds;
  const writer = createResponseWriter(exams, { graceSeconds });

  // Who owns an attempt and its pinned questions never change: kept here, a saved answer costs
  // one statement. Bounded, the least recently used dropped first.
  const pinnedCache = new LRUCache<
    string,
    NonNullable<Awaited<ReturnType<ExamRepository['pinned']>>>
  >({ max: 20_000 });
  async function pinned(attemptId: string) {
    let hit = pinnedCache.get(attemptId);
    if (!hit) {
      hit = await exams.pinned(attemptId);
      if (!hit) return undefined;
      pinnedCache.set(attemptId, hit);
    }
    return hit;
  }

  const summary = (row: AttemptRow): ExamSummary => ({
    id: row.id,
    bankId: row.bankId,
    bankTitle: row.bankTitle,
    blueprintTitle: row.blueprintTitle,
    state: row.state,
    startedAt: row.startedAt,
    deadline: row.deadline,
    submittedAt: row.submittedAt,
    questionCount: row.questionCount,
    score:
      row.points === null
        ? null
        : {
            points: row.points,
            maxPoints: row.maxPoints ?? 0,
            fraction: row.fraction ?? 0,
            passed: row.passed ?? false,
            pendingCount: row.pendingCount,
            pendingPoints: row.pendingPoints,
          },
  });

  async function view(user: UserRow, attemptId: string): Promise<ExamAttempt> {
    const attempt = await exams.find(attemptId, user.id);
    if (!attempt) throw noSuchAttempt();
    const [questions, responses] = await Promise.all([
      exams.questions(attemptId),
      exams.responses(attemptId),
    ]);
    return {
      ...summary(attempt),
      serverNow: attempt.serverNow,
      extraTimePercent: attempt.extraTimePercent,
      passMark: attempt.passMark,
      reviewPolicy: attempt.reviewPolicy,
      submittedBy: attempt.submittedBy,
      questions: questions.map(({ position, presented, passage }) => ({
        position,
        question: presented,
        passage,
      })),
      responses: responses.map(({ position, answer, savedAt }) => ({ position, answer, savedAt })),
    };
  }

  /**
   * Grades an attempt locked by the caller and closes it; records every answer for progress and
   * reviews. Unanswered questions score nothing but still count towards the total.
   */
  async function finish(
    work: WorkRepositories,
    attempt: { id: string; passMark: number },
    userId: string,
    by: 'learner' | 'server',
  ) {
    const [questions, responses] = await Promise.all([
      work.exams.questions(attempt.id),
      work.exams.responses(attempt.id),
    ]);
    const byPosition = new Map(responses.map((response) => [response.position, response]));
    const results: { points: number; maxPoints: number; pending?: boolean }[] = [];
    const answered = [];
    for (const question of questions) {
      const response = byPosition.get(question.position);
      if (!response) {
        results.push({ points: 0, maxPoints: question.content.points });
        continue;
      }
      const graded = grade(question.content, response.answer, presentedValues(question.presented));
      if (graded.ok && graded.awaiting) {
        // A grader scores it later; progress and the review card wait for that grade.
        await work.exams.gradeResponse(attempt.id, question.position, {
          correct: null,
          score: null,
          points: null,
          grading: 'awaiting',
        });
        results.push({ points: 0, maxPoints: question.content.points, pending: true });
        continue;
      }
      const outcome = graded.ok
        ? { correct: graded.correct, score: graded.score, points: graded.points }
        : { correct: false, score: 0, points: 0 };
      await work.exams.gradeResponse(attempt.id, question.position, outcome);
      results.push({ points: outcome.points, maxPoints: question.content.points });
      answered.push({ question, ...outcome });
    }
    const score = examScore(results, attempt.passMark);
    const closed = await work.exams.close(attempt.id, {
      state: by === 'learner' ? 'submitted' : 'expired',
      by,
      ...score,
    });
    if (!closed) return;
    await work.submissions.syncExam(attempt.id);
    const bank = await work.exams.clientOf(attempt.id);
    await recordAnswers(work.answers, {
      userId,
      source: 'exam',
      attemptId: attempt.id,
      answers: answered.map(({ question, correct, score: fraction }) => ({
        ...bank,
        questionId: question.questionId,
        version: question.version,
        content: question.content,
        passage: question.passage,
        correct,
        score: fraction,
      })),
    });
  }

  return {
    graceSeconds,

    async blueprintsForLearner(user: UserRow, bankId: string, requestId: string) {
      return deps.blueprints.forBank(await deps.banks.open(user, bankId, requestId));
    },

    /** One exam of a bank as this learner would take it, with their own time limit. */
    async blueprintForLearner(
      user: UserRow,
      bankId: string,
      blueprintId: string,
      requestId: string,
    ): Promise<LearnerBlueprint> {
      const bank = await deps.banks.open(user, bankId, requestId);
      const blueprint = await deps.blueprints.find(bank, blueprintId);
      if (!blueprint) throw noSuchBlueprint();
      return {
        ...blueprint,
        extraTimePercent: user.extraTimePercent,
        learnerTimeLimitSeconds: withExtraTime(blueprint.timeLimitSeconds, user.extraTimePercent),
      };
    },

    async start(
      user: UserRow,
      input: { bankId: string; blueprintId: string },
      requestId: string,
    ): Promise<ExamAttempt> {
      if (!deps.entitlements.mayTakeExams(user)) {
        throw premiumRequired('Exam mode is part of premium. Premium unlocks timed mock exams.');
      }
      const bank = await deps.banks.open(user, input.bankId, requestId);
      const blueprint = await deps.blueprints.find(bank, input.blueprintId);
      if (!blueprint) throw noSuchBlueprint();
      const draw = await deps.questionDb.drawFromCatalog(
        bank.id,
        { rules: blueprint.rules },
        requestId,
      );
      if (draw.questions.length === 0) {
        throw new HttpProblem('validation.failed', {
          detail: 'This bank has no published questions for this exam yet.',
          errors: [{ field: 'blueprintId', message: 'no questions match its rules' }],
        });
      }
      // Shuffling moves a passage's questions as one block, in their authored order; the draw
      // already put them together.
      const order = blueprint.shuffle
        ? shuffleKeepingPassages(draw.questions, Math.random)
        : draw.questions;
      const passages = new Map(draw.passages.map((passage) => [passage.id, passage]));
      // The time limit is for the questions actually drawn, when the bank had fewer than asked.
      const perQuestion = blueprint.timeLimitSeconds / blueprint.questionCount;
      const limit = Math.round(
        blueprint.isDefault || order.length < blueprint.questionCount
          ? perQuestion * order.length
          : blueprint.timeLimitSeconds,
      );
      const seconds = withExtraTime(limit, user.extraTimePercent);
      const attemptId = await deps.unitOfWork((work) =>
        work.exams.create(
          {
            userId: user.id,
            clientId: bank.clientId,
            bankId: bank.id,
            bankTitle: bank.title,
            blueprintTitle: blueprint.title,
            blueprintId: blueprint.id,
            passMark: blueprint.passMark,
            reviewPolicy: blueprint.reviewPolicy,
            extraTimePercent: user.extraTimePercent,
            seconds,
          },
          order.map((question) => ({
            questionId: question.questionId,
            version: question.version,
            content: question.content,
            presented: presentQuestion(question.content, Math.random),
            passage: pinnedPassage(passages, question.passageId),
          })),
        ),
      );
      return view(user, attemptId);
    },

    view,

    async list(user: UserRow, limit = 100): Promise<ExamSummary[]> {
      return (await exams.list(user.id, limit)).map(summary);
    },

    /** Saves one answer; acknowledged only once committed. */
    async saveResponse(
      user: UserRow,
      attemptId: string,
      position: number,
      answer: AnswerInput,
    ): Promise<SavedResponse> {
      const attempt = await pinned(attemptId);
      if (!attempt || attempt.userId !== user.id) throw noSuchAttempt();
      const content = attempt.contents.get(position);
      if (!content) {
        throw new HttpProblem('not_found', { detail: `This exam has no question ${position}.` });
      }
      const presented = attempt.presented.get(position);
      gradeOrRefuse(content, answer, presented && presentedValues(presented));
      const savedAt = await writer.save({ attemptId, userId: user.id, position, answer });
      if (!savedAt) throw expired();
      return { position, answer, savedAt };
    },

    /** Submits and grades; submitting a closed attempt again just returns it. */
    async submit(user: UserRow, attemptId: string): Promise<ExamAttempt> {
      await deps.unitOfWork(async (work) => {
        const attempt = await work.exams.lockOwn(attemptId, user.id, graceSeconds);
        if (!attempt) throw noSuchAttempt();
        if (attempt.state !== 'in_progress') return;
        // Too late for the learner: the server's sweep would close it as expired; do it now.
        await finish(work, attempt, user.id, attempt.overdue ? 'server' : 'learner');
      });
      return view(user, attemptId);
    },

    /**
     * Closes every attempt past its deadline plus grace, in batches. Safe to run in every API
     * process at once: attempts are taken with SKIP LOCKED and closed only while still open.
     */
    async closeOverdue(batch = 20): Promise<number> {
      let closed = 0;
      for (;;) {
        const count = await deps.unitOfWork(async (work) => {
          const overdue = await work.exams.lockOverdue(graceSeconds, batch);
          for (const attempt of overdue) await finish(work, attempt, attempt.userId, 'server');
          return overdue.length;
        });
        closed += count;
        if (count < batch) return closed;
      }
    },

    async review(user: UserRow, attemptId: string): Promise<ExamReview> {
      const attempt = await exams.find(attemptId, user.id);
      if (!attempt) throw noSuchAttempt();
      if (attempt.state === 'in_progress') {
        throw new HttpProblem('auth.forbidden', {
          detail: 'The review opens once the exam is submitted.',
        });
      }
      const [questions, responses] = await Promise.all([
        exams.questions(attemptId),
        exams.responses(attemptId),
      ]);
      const byPosition = new Map(responses.map((response) => [response.position, response]));
      const policy = attempt.reviewPolicy;
      const again =
        attempt.blueprintId !== null &&
        (await deps.blueprints.stillOffered(attempt.clientId, attempt.bankId, attempt.blueprintId));
      return {
        attempt: summary(attempt),
        againBlueprintId: again ? attempt.blueprintId : null,
        reviewPolicy: policy,
        passMark: attempt.passMark,
        items: questions.map((question) => {
          const response = byPosition.get(question.position);
          const values = presentedValues(question.presented);
          const graded = response ? grade(question.content, response.answer, values) : undefined;
          const full = policy === 'full';
          const grading = response?.grading ?? 'auto';
          const awaiting = grading === 'awaiting';
          // An essay's feedback says where its grading stands, which the answer alone cannot.
          const feedback =
            graded?.ok && graded.feedback.type === 'essay'
              ? {
                  ...graded.feedback,
                  status: awaiting ? ('awaiting' as const) : ('graded' as const),
                }
              : graded?.ok
                ? graded.feedback
                : null;
          return {
            position: question.position,
            question: question.presented,
            passage: question.passage,
            answer: policy === 'score_only' ? null : (response?.answer ?? null),
            correct: policy === 'score_only' || awaiting ? null : (response?.correct ?? false),
            points: policy === 'score_only' || awaiting ? null : (response?.points ?? 0),
            maxPoints: question.content.points,
            feedback: full ? feedback : null,
            correctAnswer: full ? correctAnswer(question.content, values) : null,
            explanation: full ? question.content.explanation : null,
            grading,
            graderComment: policy === 'score_only' ? null : (response?.graderComment ?? null),
          };
        }),
      };
    },
  };
}

export type ExamService = ReturnType<typeof createExamService>;
