import type { AssignmentAnalysis } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { stemExcerpt } from '@questa/scoring';
import type { AuthContext } from '../auth/auth.service';
import type { ClassService } from '../classes/class.service';
import type { AnalysisRepository } from './analysis.repository';
import type { AssignmentRepository } from './assignment.repository';
import { answerWords } from './answer-words';

/** Wrong answers listed per question. */
const COMMON_WRONG = 3;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One assignment's questions as the class answered them: facility, wrong answers, time. */
export function createAnalysisService(deps: {
  analysis: AnalysisRepository;
  assignments: Pick<AssignmentRepository, 'findInClass'>;
  classes: Pick<ClassService, 'taught'>;
}) {
  return {
    async analyse(
      context: AuthContext,
      ref: { clientId: string; classId: string; assignmentId: string },
      requestId: string,
    ): Promise<AssignmentAnalysis> {
      await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
      const assignment = await deps.assignments.findInClass(ref.classId, ref.assignmentId);
      if (!assignment)
        throw new HttpProblem('not_found', { detail: 'There is no such assignment.' });
      const [questions, answers] = await Promise.all([
        deps.analysis.questions(assignment.id),
        deps.analysis.answers(assignment.id, ref.classId),
      ]);
      return {
        questions: questions.map((question) => {
          const mine = answers.filter((answer) => answer.questionId === question.questionId);
          const scores = mine.flatMap((answer) =>
            answer.score === null ? [] : [Number(answer.score)],
          );
          const wrong = new Map<string, number>();
          for (const answer of mine) {
            if (answer.score !== null && Number(answer.score) >= 1) continue;
            const words = answerWords(question.content, answer.answer);
            wrong.set(words, (wrong.get(words) ?? 0) + 1);
          }
          return {
            position: question.position,
            questionId: question.questionId,
            version: question.version,
            type: question.content.type,
            excerpt: stemExcerpt(question.content.stem),
            answered: mine.length,
            facility:
              scores.length === 0
                ? null
                : scores.reduce((sum, score) => sum + score, 0) / scores.length,
            commonWrong: [...wrong.entries()]
              .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
              .slice(0, COMMON_WRONG)
              .map(([answer, count]) => ({ answer, count })),
            medianSeconds: median(
              mine.flatMap((answer) => (answer.seconds === null ? [] : [Number(answer.seconds)])),
            ),
          };
        }),
      };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
