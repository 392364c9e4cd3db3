import { useEffect, useState, useSyncExternalStore } from 'react';
import { saveResponse } from './api/save-response';
import { ExamAnswers } from './exam-answers';
import type { LoadedExam } from './use-exam-attempt';

/** The attempt's answers, saved as they are given; connected while the page is shown. */
export function useExamAnswers({ attempt, queue, queued }: LoadedExam) {
  const [store] = useState(
    () =>
      new ExamAnswers({
        attemptId: attempt.id,
        responses: attempt.responses,
        queued,
        queue,
        send: (position, answer) => saveResponse(attempt.id, position, answer),
      }),
  );
  useEffect(() => {
    store.connect();
    return () => store.disconnect();
  }, [store]);
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, snapshot };
}
