import type { PracticeState } from '@questa/contracts';
import { useEffect, useRef, useState } from 'react';
import { NotFound } from '../../../components/not-found';
import { Button } from '../../../components/ui/button';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { usePracticeSession } from '../api/get-practice-session';
import { useFinishPractice } from '../api/finish-practice';
import { useNextPracticeItem } from '../api/next-practice-item';
import { PracticeEnd } from './practice-end';
import { PracticeHeader } from './practice-header';
import { PracticeItem } from './practice-item';
import { WithPassage } from '../../../components/answering/passage';
import '../../../components/ui/question-card.css';
import './practice.css';

/** A practice session: one question at a time with instant feedback, until the bank runs out. */
export function PracticePage({ sessionId }: { sessionId: string }) {
  const t = useT();
  const state = usePracticeSession(sessionId);

  if (state.status === 'pending') return <PracticeSkeleton />;
  if (state.status === 'error') {
    // Another learner's session, or an id that is none, is simply not there for this reader.
    if (state.error.code === 'not_found' || state.error.code === 'validation.failed') {
      return <NotFound />;
    }
    return (
      <div className="practice">
        <PageTitle title={t('practice.loadFailed')} />
        <h1>{t('practice.eyebrow')}</h1>
        <ProblemAlert title={t('practice.loadFailed')} error={state.error} onRetry={state.retry} />
      </div>
    );
  }
  return <PracticeSessionView state={state.data} />;
}

function PracticeSessionView({ state }: { state: PracticeState }) {
  const t = useT();
  const next = useNextPracticeItem();
  const finish = useFinishPractice();
  const [movedOn, setMovedOn] = useState(false);
  const { session, item } = state;
  const allDrawn = state.exhausted && (item === null || item.result !== null);
  // The server's word decides, so a reload of a finished session shows its summary again.
  const finished = session.finishedAt !== null || (state.exhausted && item === null);

  const goNext = async () => {
    // Nothing is left to draw: the last answer was the last question.
    if (state.exhausted) {
      await finish.mutate(state);
      return;
    }
    const outcome = await next.mutate(session.id);
    if (!outcome.ok) return;
    const drawn = outcome.data;
    if (drawn.exhausted && (drawn.item === null || drawn.item.result !== null)) {
      await finish.mutate(drawn);
    } else setMovedOn(true);
  };

  return (
    <div className="practice">
      <PageTitle title={t('practice.pageTitle', { bank: session.bankTitle })} />
      <PracticeHeader session={session} />
      {finished ? (
        <PracticeEnd session={session} early={!allDrawn} />
      ) : item ? (
        <>
          <WithPassage passage={item.passage}>
            <PracticeItem
              key={item.id}
              state={{ ...state, item }}
              focusOnMount={movedOn}
              next={{
                run: () => void goNext(),
                pending: next.status === 'pending' || finish.status === 'pending',
                error: next.error ?? finish.error,
                label: state.exhausted ? t('practice.finish') : t('practice.next'),
              }}
            />
          </WithPassage>
          {/* Stopping is always allowed; an unanswered question on screen is simply not counted. */}
          {!(state.exhausted && item.result) && (
            <div className="practice__finish">
              {finish.status === 'error' && !state.exhausted && (
                <ProblemAlert title={t('practice.finishFailed')} error={finish.error} />
              )}
              <Button
                variant="secondary"
                disabled={finish.status === 'pending'}
                onClick={() => void finish.mutate(state)}
              >
                {t('practice.finishEarly')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <FirstDraw sessionId={session.id} />
      )}
    </div>
  );
}

/** A session opened before its first question was drawn asks for one itself. */
function FirstDraw({ sessionId }: { sessionId: string }) {
  const t = useT();
  const next = useNextPracticeItem();
  const asked = useRef(false);
  const { mutate } = next;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void mutate(sessionId);
  }, [mutate, sessionId]);
  if (next.status === 'error') {
    return (
      <ProblemAlert
        title={t('practice.nextFailed')}
        error={next.error}
        onRetry={() => void mutate(sessionId)}
      />
    );
  }
  return <PracticeItemSkeleton />;
}

function PracticeItemSkeleton() {
  const t = useT();
  return (
    <div className="question-card question-card--raised practice-item" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('practice.loading')}
      </p>
      <Skeleton width="8rem" height="1.5rem" />
      <Skeleton width="min(36rem, 100%)" height="1.25rem" />
      <Skeleton width="min(28rem, 90%)" height="1.25rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
      <Skeleton height="3rem" />
    </div>
  );
}

function PracticeSkeleton() {
  return (
    <div className="practice">
      <div className="practice-header">
        <Skeleton width="6rem" />
        <Skeleton width="min(20rem, 80%)" height="2rem" />
      </div>
      <PracticeItemSkeleton />
    </div>
  );
}
