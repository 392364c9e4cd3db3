import type { Regrade } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { grade, presentedValues, replayReviewCard } from '@questa/scoring';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuthContext, AuthService } from '../auth/auth.service';
import type { ClassService } from '../classes/class.service';
import { gradedAnswer } from '../learning/grading';
import type { AssignmentRepository } from './assignment.repository';
import type { RegradeRepository } from './regrade.repository';

type Ref = { clientId: string; classId: string; assignmentId: string };

/**
 * Regrading after a correction: the assignment's pinned question moves to the version now
 * published, every answer given to it in the assignment is graded again against that version,
 * the submissions' scores are recomputed, and the teacher is told whose score changed. What
 * progress counted for those answers is corrected too, and each learner's review card of the
 * question is replayed from their answers as now graded (decision 0038).
 */
export function createRegradeService(deps: {
  unitOfWork: UnitOfWork;
  regrades: RegradeRepository;
  assignments: Pick<AssignmentRepository, 'findInClass'>;
  classes: Pick<ClassService, 'taught'>;
  questionDb: Pick<QuestionDbClient, 'getQuestion' | 'getQuestionVersion'>;
  auth: Pick<AuthService, 'accessToken'>;
}) {
  const { regrades } = deps;

  /** The corrected version, read as the teacher before anything is written. */
  async function published(
    context: AuthContext,
    clientId: string,
    questionId: string,
    requestId: string,
  ) {
    const token = await deps.auth.accessToken(context);
    const detail = await deps.questionDb.getQuestion(token, clientId, questionId, requestId);
    if (detail.publishedVersion === null) {
      throw new HttpProblem('validation.failed', {
        detail: 'This question has no published version to regrade with.',
        errors: [{ field: 'questionId', message: 'not published' }],
      });
    }
    return detail.current.version === detail.publishedVersion
      ? detail.current
      : deps.questionDb.getQuestionVersion(
          token,
          clientId,
          questionId,
          detail.publishedVersion,
          requestId,
        );
  }

  return {
    async regrade(
      context: AuthContext,
      ref: Ref,
      questionId: string,
      requestId: string,
    ): Promise<Regrade> {
      await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
      const assignment = await deps.assignments.findInClass(ref.classId, ref.assignmentId);
      if (!assignment)
        throw new HttpProblem('not_found', { detail: 'There is no such assignment.' });
      const pinned = await regrades.pinnedVersion(assignment.id, questionId);
      if (pinned === undefined) {
        throw new HttpProblem('not_found', { detail: 'This question is not in the assignment.' });
      }
      const corrected = await published(context, ref.clientId, questionId, requestId);
      if (corrected.version === pinned) {
        return { questionId, fromVersion: pinned, toVersion: pinned, regraded: 0, changed: [] };
      }
      const { content, version } = corrected;
      const before = new Map(
        (await regrades.bestScores(assignment.id)).map((row) => [row.userId, row.score]),
      );

      const regraded = await deps.unitOfWork(async (work) => {
        const repo = work.regrades;
        let count = 0;
        await repo.repin(assignment.id, questionId, version, content);
        const sessions = new Set<string>();
        const learners = new Set<string>();
        for (const item of await repo.practiceAnswers(assignment.id, questionId)) {
          let result = item.result;
          if (item.answer !== null && item.result !== null) {
            const values = presentedValues(item.presented);
            const graded = grade(content, item.answer, values);
            // An answer the corrected question cannot read (an option removed) scores nothing.
            result = graded.ok
              ? gradedAnswer(content, graded, item.result.card, values)
              : { ...item.result, correct: false, score: 0, points: 0, maxPoints: content.points };
            await repo.correctPracticeEvent(item.id, result);
            learners.add(item.userId);
            count += 1;
          }
          await repo.repinPracticeItem(item.id, version, content, result);
          sessions.add(item.sessionId);
        }
        const attempts = new Set<string>();
        for (const answer of await repo.examAnswers(assignment.id, questionId)) {
          // Essays graded by a person keep their grade.
          const automatic =
            answer.answer !== null && answer.grading === 'auto' && answer.state !== 'in_progress';
          let outcome: { correct: boolean; score: number; points: number } | undefined;
          if (automatic) {
            const graded = grade(content, answer.answer!, presentedValues(answer.presented));
            outcome = graded.ok
              ? { correct: graded.correct, score: graded.score, points: graded.points }
              : { correct: false, score: 0, points: 0 };
            await repo.correctExamEvent(answer.attemptId, questionId, outcome);
            learners.add(answer.userId);
            count += 1;
          }
          await repo.repinExamQuestion(
            answer.attemptId,
            answer.position,
            version,
            content,
            outcome,
          );
          attempts.add(answer.attemptId);
        }
        for (const sessionId of sessions) await work.submissions.syncPractice(sessionId);
        for (const attemptId of attempts) {
          await repo.retotalExam(attemptId);
          await work.submissions.syncExam(attemptId);
        }
        for (const userId of learners) {
          const card = await repo.lockCard(userId, questionId);
          if (!card) continue;
          const history = await repo.answerHistory(userId, questionId);
          const replayed = replayReviewCard(
            history.map((event) => ({ correct: event.correct, at: new Date(event.answeredAt) })),
            new Date(card.createdAt),
          );
          await repo.saveReplayedCard(userId, questionId, replayed, { version, content });
        }
        return count;
      });

      const changed = (await regrades.bestScores(assignment.id)).flatMap((row) => {
        const was = before.get(row.userId) ?? null;
        return was === row.score
          ? []
          : [{ userId: row.userId, displayName: row.displayName, before: was, after: row.score }];
      });
      return { questionId, fromVersion: pinned, toVersion: version, regraded, changed };
    },
  };
}

export type RegradeService = ReturnType<typeof createRegradeService>;
