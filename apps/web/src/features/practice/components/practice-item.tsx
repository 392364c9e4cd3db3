import type { PracticeState } from '@questa/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import {
  draftFromAnswer,
  isReady,
  pickByNumber,
  toAnswer,
  type AnswerDraft,
} from '../../../components/answering/answer-draft';
import { AnswerFields } from '../../../components/answering/answer-fields';
import { AnswerKeysHint } from '../../../components/answering/answer-keys-hint';
import { preloadAnswerWidgets } from '../../../components/answering/answer-widgets';
import { QuestionHints } from '../../../components/answering/question-hints';
import { QuestionStem } from '../../../components/answering/question-stem';
import { useAnswerKeys } from '../../../components/answering/use-answer-keys';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import type { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useRateEssay } from '../api/rate-essay';
import { useSubmitAnswer } from '../api/submit-answer';
import { BookmarkButton } from './bookmark-button';
import { FeedbackPanel } from './feedback-panel';
import { QuotaNotice } from './quota-notice';
import '../../../components/ui/question-card.css';

/**
 * One practice question: answer it, submit, read the feedback, go on. The answer typed is kept in
 * this component's state, so a refused submit (the daily allowance, a lost connection) leaves it
 * where it was.
 */
export function PracticeItem({
  state,
  focusOnMount,
  next,
}: {
  state: PracticeState & { item: NonNullable<PracticeState['item']> };
  focusOnMount: boolean;
  next: { run: () => void; pending: boolean; error: ApiError | undefined; label: string };
}) {
  const t = useT();
  const { item, session } = state;
  const { question, result } = item;
  const headingId = useId();
  const stemId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const feedback = useRef<HTMLElement>(null);
  const submittedHere = useRef(false);
  const [draft, setDraft] = useState<AnswerDraft>(() => draftFromAnswer(question, item.answer));
  const submit = useSubmitAnswer();
  const rate = useRateEssay();
  const ready = isReady(draft) && submit.status !== 'pending';

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    if (result && submittedHere.current) feedback.current?.focus();
  }, [result]);

  // The next question's type is known only once it is drawn; while this one is answered, the
  // other types' widgets (a few KB each) download when the browser is idle, so Next never waits.
  useEffect(() => whenIdle(() => void preloadAnswerWidgets()), []);

  const send = async () => {
    const answer = toAnswer(draft);
    if (result || !answer || !ready) return;
    submittedHere.current = true;
    await submit.mutate(state, answer);
  };

  useAnswerKeys({
    onNumber: (n) => {
      const picked = result ? null : pickByNumber(question, draft, n);
      if (picked) setDraft(picked);
      return picked !== null;
    },
    onEnter: () => {
      if (!result) void send();
      else if (!next.pending) next.run();
    },
  });

  const quotaExceeded = submit.status === 'error' && submit.error.code === 'quota.exceeded';

  return (
    <section
      className="question-card question-card--raised practice-item"
      aria-labelledby={headingId}
    >
      <div className="practice-item__top">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('practice.question', { position: item.position })}
        </h2>
        <p className="practice-item__meta">
          {question.topic} · {t('practice.difficulty', { level: question.difficulty })}
        </p>
        <BookmarkButton sessionId={session.id} itemId={item.id} initial={item.bookmarked} />
      </div>

      <QuestionStem question={question} id={stemId} />
      {question.hints && <QuestionHints hints={question.hints} answered={result !== null} />}

      <form
        className="practice-item__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <AnswerFields
          question={question}
          draft={draft}
          onChange={(next) => setDraft(next)}
          feedback={result?.feedback ?? null}
          readOnly={result !== null}
          describedBy={stemId}
          showKeys={result === null}
        />
        {!result && (
          <div className="practice-item__actions">
            <Button type="submit" disabled={!ready}>
              {submit.status === 'pending' ? t('practice.submitting') : t('practice.submit')}
            </Button>
          </div>
        )}
      </form>

      {quotaExceeded && (
        <QuotaNotice limit={session.allowance.limit} resetsAt={session.allowance.resetsAt} />
      )}
      {submit.status === 'error' && !quotaExceeded && (
        <ProblemAlert title={t('practice.submitFailed')} error={submit.error} onRetry={send} />
      )}

      {result && (
        <>
          <FeedbackPanel
            ref={feedback}
            question={question}
            result={result}
            rating={{
              rate: (rating) => void rate.mutate(state, rating),
              pending: rate.status === 'pending',
              error: rate.error,
            }}
          />
          {next.error && <ProblemAlert title={t('practice.nextFailed')} error={next.error} />}
          <div className="practice-item__actions">
            <Button onClick={next.run} disabled={next.pending}>
              {next.label}
            </Button>
          </div>
        </>
      )}
      <AnswerKeysHint question={question} graded={result !== null} next="question" />
    </section>
  );
}

/** Runs `task` once the browser has nothing more pressing; returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1000);
  return () => clearTimeout(timer);
}
