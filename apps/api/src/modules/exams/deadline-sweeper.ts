import type { FastifyBaseLogger } from 'fastify';
import type { ExamService } from './exam.service';

/**
 * Closes overdue exams every `intervalMs` in this process. Every API process runs one; the
 * service's locking makes that safe, and any one of them suffices, so a process that dies leaves
 * no attempt open.
 */
export function startDeadlineSweeper(
  exams: ExamService,
  options: { intervalMs: number; log: FastifyBaseLogger },
) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = exams
      .closeOverdue()
      .then((closed) => {
        if (closed > 0) options.log.info({ closed }, 'closed overdue exams');
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'closing overdue exams failed'))
      .finally(() => (running = undefined));
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
