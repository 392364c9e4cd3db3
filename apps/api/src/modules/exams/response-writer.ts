import type { AnswerInput } from '@questa/contracts';
import type { ExamRepository } from './exam.repository';

interface PendingSave {
  attemptId: string;
  userId: string;
  position: number;
  answer: AnswerInput;
  done: (savedAt: string | undefined) => void;
  failed: (error: unknown) => void;
}

const keyOf = (save: { attemptId: string; position: number }) =>
  `${save.attemptId}:${save.position}`;

/**
 * Writes exam answers in batches: while one batch commits, the answers that arrive meanwhile wait
 * and go together in the next, in one statement and one commit. Each is acknowledged only after
 * the commit that holds it. When answers come one at a time each goes at once, so a quiet server
 * adds no delay; a busy one pays one log flush per batch instead of one per answer, which is what
 * limits how many answers a second a database can make durable.
 *
 * Within a batch a later answer to the same question replaces an earlier one, as it would have a
 * moment later anyway; both are acknowledged with the time the later one was saved.
 */
export function createResponseWriter(
  exams: Pick<ExamRepository, 'saveResponses'>,
  options: { graceSeconds: number; maxBatch?: number },
) {
  const maxBatch = options.maxBatch ?? 500;
  let queue: PendingSave[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      const latest = new Map(batch.map((save) => [keyOf(save), save]));
      try {
        const saved = await exams.saveResponses([...latest.values()], options.graceSeconds);
        for (const save of batch) save.done(saved.get(keyOf(save)));
      } catch (error) {
        for (const save of batch) save.failed(error);
      }
    }
    flushing = false;
  }

  return {
    /** When the answer was saved, or undefined when its attempt no longer takes answers. */
    save(input: Omit<PendingSave, 'done' | 'failed'>): Promise<string | undefined> {
      return new Promise((done, failed) => {
        queue.push({ ...input, done, failed });
        if (!flushing) void flush();
      });
    },
  };
}

export type ResponseWriter = ReturnType<typeof createResponseWriter>;
