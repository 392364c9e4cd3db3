import type { AnswerInput } from '@questa/contracts';
import { batchedWrites } from '../../db/batched-writes';
import type { ExamRepository } from './exam.repository';

interface PendingSave {
  attemptId: string;
  userId: string;
  position: number;
  answer: AnswerInput;
}

const keyOf = (save: { attemptId: string; position: number }) =>
  `${save.attemptId}:${save.position}`;

/**
 * Writes exam answers in batches (`batchedWrites`): each is acknowledged only after the commit
 * that holds it, and a busy server pays one log flush per batch instead of one per answer.
 *
 * Within a batch a later answer to the same question replaces an earlier one, as it would have a
 * moment later anyway; both are acknowledged with the time the later one was saved.
 */
export function createResponseWriter(
  exams: Pick<ExamRepository, 'saveResponses'>,
  options: { graceSeconds: number; maxBatch?: number },
) {
  const save = batchedWrites<PendingSave, string | undefined>(
    async (batch) => {
      const latest = new Map(batch.map((pending) => [keyOf(pending), pending]));
      const saved = await exams.saveResponses([...latest.values()], options.graceSeconds);
      return batch.map((pending) => saved.get(keyOf(pending)));
    },
    { maxBatch: options.maxBatch ?? 500, name: 'exam_answers' },
  );
  return {
    /** When the answer was saved, or undefined when its attempt no longer takes answers. */
    save,
  };
}

export type ResponseWriter = ReturnType<typeof createResponseWriter>;
