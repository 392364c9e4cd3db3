import { createHash } from 'node:crypto';
import type { GradingDetail, GradingQueue, GradingQueueItem } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { examScore, gradedEssay, isGradePoints, stemExcerpt } from '@questa/scoring';
import type { UnitOfWork } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import type { NotificationService } from '../notifications/notification.service';
import type { GradingRepository, GradingRow } from './grading.repository';

/** Queue lengths are bounded; a grader works from the oldest. */
const QUEUE_LIMIT = 200;

const noSuchAnswer = () =>
  new HttpProblem('not_found', { detail: 'There is no such essay answer in this tenant.' });

/**
 * The same learner always gets the same name within a tenant, and a different one in another
 * tenant, so graders can tell answers apart without learning who wrote them.
 */
export const pseudonymOf = (clientId: string, userId: string): string =>
  `Learner ${createHash('sha256')
    .update(`${clientId}:${userId}`)
    .digest('hex')
    .slice(0, 6)
    .toUpperCase()}`;

/**
 * Grading essays from exams: a tenant's reviewers and authors list what awaits them, read one
 * answer with its rubric and model answer, and give points. A grade re-totals the attempt (score,
 * pass or fail, what is still pending) and, the first time, records the answer for the learner's
 * progress and review card, all in one transaction.
 */
export function createGradingService(deps: {
  unitOfWork: UnitOfWork;
  grading: GradingRepository;
  /** Tells the learner, once the grade is committed; never inside the transaction. */
  notifications?: Pick<NotificationService, 'notify'>;
}) {
  const itemOf = (clientId: string, row: GradingRow): GradingQueueItem => ({
    attemptId: row.attemptId,
    position: row.position,
    bankId: row.bankId,
    bankTitle: row.bankTitle,
    topic: row.content.topic,
    excerpt: stemExcerpt(row.content.stem),
    learner: pseudonymOf(clientId, row.userId),
    submittedAt: row.submittedAt,
    status: row.grading === 'graded' ? 'graded' : 'awaiting',
    points: row.grading === 'graded' ? row.points : null,
    maxPoints: row.content.points,
  });

  return {
    async queue(clientId: string, status: 'awaiting' | 'graded'): Promise<GradingQueue> {
      const rows = await deps.grading.list(clientId, status, QUEUE_LIMIT);
      return { items: rows.map((row) => itemOf(clientId, row)) };
    },

    async open(clientId: string, attemptId: string, position: number): Promise<GradingDetail> {
      const row = await deps.grading.find(clientId, attemptId, position);
      if (!row || row.content.type !== 'essay' || row.grading === 'auto') throw noSuchAnswer();
      return {
        ...itemOf(clientId, row),
        stem: row.content.stem,
        media: row.content.media,
        rubric: row.content.rubric,
        modelAnswer: row.content.modelAnswer,
        minWords: row.content.minWords ?? null,
        maxWords: row.content.maxWords ?? null,
        text: row.answer.type === 'essay' ? row.answer.text : '',
        comment: row.comment,
        gradedAt: row.gradedAt,
        gradeVersion: row.gradeVersion,
      };
    },

    async grade(
      clientId: string,
      attemptId: string,
      position: number,
      input: { points: number; comment: string; gradeVersion: number },
      grader: { sub: string; ip: string },
    ): Promise<GradingDetail> {
      const graded = await deps.unitOfWork(async (work) => {
        const attempt = await work.grading.lockAttempt(clientId, attemptId);
        if (!attempt) throw noSuchAnswer();
        const row = await work.grading.find(clientId, attemptId, position);
        if (!row || row.content.type !== 'essay') throw noSuchAnswer();
        if (row.grading === 'auto') {
          throw new HttpProblem('grading.not_awaiting', {
            detail: 'This answer is not open for grading.',
          });
        }
        if (row.gradeVersion !== input.gradeVersion) {
          throw new HttpProblem('grading.conflict', {
            detail: 'Someone else graded this answer meanwhile. Reload it to see their grade.',
          });
        }
        if (!isGradePoints(input.points, row.content.points)) {
          throw new HttpProblem('validation.failed', {
            detail: 'These points are not a grade this question can have.',
            errors: [
              {
                field: 'points',
                message: `must be 0 to ${row.content.points} in steps of 0.5`,
              },
            ],
          });
        }
        const result = gradedEssay(row.content, input.points);
        const saved = await work.grading.saveGrade(attemptId, position, {
          correct: result.correct,
          score: result.score,
          points: result.points,
          graderSub: grader.sub,
          comment: input.comment === '' ? null : input.comment,
          gradeVersion: input.gradeVersion,
        });
        if (!saved) {
          throw new HttpProblem('grading.conflict', {
            detail: 'Someone else graded this answer meanwhile. Reload it to see their grade.',
          });
        }

        const responses = await work.grading.responses(attemptId);
        const totals = examScore(
          responses.map((response) => ({
            points: response.points ?? 0,
            maxPoints: response.content.points,
            pending: response.grading === 'awaiting',
          })),
          attempt.passMark,
        );
        await work.grading.saveTotals(attemptId, totals);

        const first = row.grading === 'awaiting';
        if (first) {
          await recordAnswers(work.answers, {
            userId: attempt.userId,
            source: 'exam',
            attemptId,
            answers: [
              {
                clientId: attempt.clientId,
                bankId: attempt.bankId,
                bankTitle: attempt.bankTitle,
                questionId: row.questionId,
                version: row.version,
                content: row.content,
                correct: result.correct,
                score: result.score,
              },
            ],
          });
        } else {
          // The review card moved at the first grade; a correction fixes the record, not the
          // schedule, which the learner may already have followed.
          await work.grading.updateAnswerEvent(attemptId, row.questionId, {
            correct: result.correct,
            score: result.score,
          });
        }
        await work.audit.record({
          action: first ? 'answer.graded' : 'answer.regraded',
          actor: grader.sub,
          target: `${attemptId}:${position}`,
          ip: grader.ip,
          details: {
            clientId,
            points: result.points,
            maxPoints: row.content.points,
            ...(first ? {} : { previousPoints: row.points }),
          },
        });
        return {
          userId: attempt.userId,
          subject: {
            kind: 'essay_graded' as const,
            attemptId,
            examTitle: attempt.examTitle,
            bankTitle: attempt.bankTitle,
            position,
            points: result.points,
            maxPoints: row.content.points,
          },
        };
      });
      await deps.notifications?.notify(graded.userId, graded.subject);
      return this.open(clientId, attemptId, position);
    },
  };
}

export type GradingService = ReturnType<typeof createGradingService>;
