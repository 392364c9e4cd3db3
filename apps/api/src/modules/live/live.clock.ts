import type { FastifyBaseLogger } from 'fastify';
import type { LiveService } from './live.service';

/**
 * Closes live questions on time. The process that opens (or resumes) a question sets a timer for
 * its deadline; every process also sweeps for overdue questions each `sweepMs`, so a question
 * whose process died closes within that time in another one. Closing is a conditional update
 * (`where state = 'question_open' and position = …`): of all the timers and sweeps that race for
 * it, exactly one closes and scores the question.
 */
export function startLiveClock(
  live: Pick<LiveService, 'closeQuestion' | 'closeOverdue'>,
  options: { sweepMs: number; log: FastifyBaseLogger },
) {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const close = (roomId: string, position: number) =>
    live
      .closeQuestion(roomId, position)
      .catch((error: unknown) =>
        options.log.warn({ err: error, roomId }, 'live question not closed'),
      );

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    live
      .closeOverdue()
      .catch((error: unknown) => options.log.warn({ err: error }, 'live sweep failed'))
      .finally(() => {
        sweeping = false;
      });
  }, options.sweepMs);
  sweep.unref();

  return {
    /** A question opened or resumed here: close it at `closesAt` (the database's time). */
    opened(roomId: string, position: number, closesAt: Date, serverNow = new Date()) {
      clearTimeout(timers.get(roomId));
      const delay = Math.max(0, closesAt.getTime() - serverNow.getTime()) + 20;
      const timer = setTimeout(() => {
        timers.delete(roomId);
        void close(roomId, position);
      }, delay);
      timer.unref();
      timers.set(roomId, timer);
    },
    stop() {
      clearInterval(sweep);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
