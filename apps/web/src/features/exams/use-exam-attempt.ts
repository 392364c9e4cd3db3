import type { ExamAttempt } from '@questa/contracts';
import { useEffect, useState } from 'react';
import { toApiError, type ApiError } from '../../lib/api-client';
import { getExam } from './api/get-exam';
import { openBestAnswerQueue, type AnswerQueue, type QueuedAnswer } from './answer-queue';
import { clockOffset } from './exam-clock';

export interface LoadedExam {
  attempt: ExamAttempt;
  /** The server's clock minus the browser's, measured when the attempt arrived. */
  offset: number;
  queue: AnswerQueue;
  /** Answers this device still holds for the attempt, not yet acknowledged. */
  queued: QueuedAnswer[];
}

export type ExamLoad =
  | { status: 'pending' }
  | { status: 'success'; data: LoadedExam }
  | { status: 'error'; error: ApiError };

/**
 * The attempt from the server and what this device still has queued for it, read fresh on every
 * visit. The queue stays open while the page is shown.
 */
export function useExamAttempt(attemptId: string): ExamLoad & { retry: () => void } {
  const [tries, setTries] = useState(0);
  const [load, setLoad] = useState<{ key: string; state: ExamLoad }>({
    key: '',
    state: { status: 'pending' },
  });
  const key = `${attemptId}#${tries}`;

  useEffect(() => {
    const controller = new AbortController();
    let queue: AnswerQueue | undefined;
    // The queue never fails to open: without IndexedDB it lives in memory.
    const opening = openBestAnswerQueue();
    (async () => {
      const opened = await opening;
      try {
        const attempt = await getExam(attemptId, controller.signal);
        const offset = clockOffset(attempt.serverNow, Date.now());
        const queued = await opened.list(attemptId);
        if (controller.signal.aborted) return opened.close();
        queue = opened;
        setLoad({ key, state: { status: 'success', data: { attempt, offset, queue, queued } } });
      } catch (error) {
        opened.close();
        if (controller.signal.aborted) return;
        setLoad({ key, state: { status: 'error', error: toApiError(error) } });
      }
    })();
    return () => {
      controller.abort();
      queue?.close();
    };
  }, [attemptId, key]);

  const state: ExamLoad = load.key === key ? load.state : { status: 'pending' };
  return { ...state, retry: () => setTries((count) => count + 1) };
}
