import type { ChallengeQuestion, ChallengeState } from '@questa/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import {
  draftFromAnswer,
  isReady,
  pickByNumber,
  toAnswer,
  type AnswerDraft,
} from '../../../components/answering/answer-draft';
import { AnswerFields } from '../../../components/answering/answer-fields';
import { Solution } from '../../../components/answering/graded-answer';
import { WithPassage } from '../../../components/answering/passage';
import { QuestionStem } from '../../../components/answering/question-stem';
import { useAnswerKeys } from '../../../components/answering/use-answer-keys';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useAnswerQuestion } from '../api/answer-question';
import { useChallenge } from '../api/get-challenge';
import { useNextQuestion } from '../api/next-question';
import { ChallengeSummaryView } from './challenge-summary';
import '../../../components/ui/question-card.css';
import './challenge.css';

/**
 * A challenge assignment played alone: a start screen, then one timed question at a time with
 * right or wrong and the points after each, then the summary. The server's clock rules: the
 * timer shown counts down the time it said was left, and a reload comes back to it.
 */
export function ChallengePage({ challengeId }: { challengeId: string }) {
  const t = useT();
  const challenge = useChallenge(challengeId);
  if (challenge.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('challenge.loading')}
        </p>
        <Skeleton height="3rem" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (challenge.status === 'error') {
    return (
      <ProblemAlert
        title={t('challenge.loadFailed')}
        error={challenge.error}
        onRetry={challenge.retry}
      />
    );
  }
  const state = challenge.data;
  if (state.finishedAt !== null) return <ChallengeSummaryView challengeId={state.id} />;
  return (
    <div className="challenge">
      <h1 className="challenge__title">{state.title}</h1>
      {state.current === null ? (
        <ReadyScreen state={state} />
      ) : (
        <PlayQuestion key={state.current.id} state={state} current={state.current} />
      )}
    </div>
  );
}

function ReadyScreen({ state }: { state: ChallengeState }) {
  const t = useT();
  const next = useNextQuestion();
  return (
    <section className="question-card challenge__ready" aria-labelledby="challenge-ready">
      <h2 id="challenge-ready">{t('challenge.readyTitle')}</h2>
      <p>
        {t('challenge.readyBody', {
          count: state.questionCount,
          seconds: Math.round(state.limitMs / 1000),
        })}
      </p>
      <p className="challenge__note">{t('challenge.readyNote')}</p>
      {next.error && <ProblemAlert title={t('challenge.nextFailed')} error={next.error} />}
      <Button onClick={() => void next.mutate(state.id)} disabled={next.status === 'pending'}>
        {next.status === 'pending' ? t('challenge.starting') : t('challenge.start')}
      </Button>
    </section>
  );
}

/** Milliseconds left, counted down from what the server said when the state arrived. */
function useTimeLeft(current: ChallengeQuestion) {
  const [deadline] = useState(() => Date.now() + current.remainingMs);
  const [left, setLeft] = useState(current.remainingMs);
  useEffect(() => {
    if (current.outcome) return;
    const tick = () => setLeft(Math.max(0, deadline - Date.now()));
    tick();
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }, [deadline, current.outcome]);
  return left;
}

function Timer({ left, limitMs }: { left: number; limitMs: number }) {
  const t = useT();
  const seconds = Math.ceil(left / 1000);
  return (
    <div className="challenge__timer" data-low={left <= 5000 || undefined}>
      <span className="visually-hidden">{t('challenge.timeLeft')}</span>
      <span role="timer" aria-live="off" className="challenge__seconds">
        {left > 0 ? seconds : t('challenge.timeUp')}
      </span>
      <progress aria-hidden="true" value={left} max={limitMs} />
    </div>
  );
}

function PlayQuestion({ state, current }: { state: ChallengeState; current: ChallengeQuestion }) {
  const t = useT();
  const stemId = useId();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const outcomeRef = useRef<HTMLElement>(null);
  const { question, outcome } = current;
  const [draft, setDraft] = useState<AnswerDraft>(() => draftFromAnswer(question, current.answer));
  const submit = useAnswerQuestion();
  const next = useNextQuestion();
  const left = useTimeLeft(current);
  const expired = left <= 0 && outcome === null;
  const closed = outcome !== null || expired;
  const ready = !closed && isReady(draft) && submit.status !== 'pending';
  const last = current.position >= state.questionCount;

  useEffect(() => {
    heading.current?.focus();
  }, []);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const send = async () => {
    const answer = toAnswer(draft);
    if (!answer || !ready) return;
    await submit.mutate(state.id, current.id, answer);
  };
  const goOn = () => {
    if (next.status !== 'pending') void next.mutate(state.id);
  };

  useAnswerKeys({
    onNumber: (n) => {
      const picked = closed ? null : pickByNumber(question, draft, n);
      if (picked) setDraft(picked);
      return picked !== null;
    },
    onEnter: () => {
      if (!closed) void send();
      else goOn();
    },
  });

  return (
    <section
      className="question-card question-card--raised challenge__card"
      aria-labelledby={headingId}
    >
      <div className="challenge__top">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {t('challenge.question', { position: current.position, count: state.questionCount })}
        </h2>
        <p className="challenge__score">
          {t('challenge.points', { points: state.points })}
          {state.streak > 1 && <> · {t('challenge.streak', { streak: state.streak })}</>}
        </p>
      </div>
      {!outcome && <Timer left={left} limitMs={state.limitMs} />}
      <WithPassage passage={current.passage}>
        <QuestionStem question={question} id={stemId} />
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <AnswerFields
            question={question}
            draft={draft}
            onChange={setDraft}
            feedback={outcome?.feedback ?? null}
            readOnly={closed}
            describedBy={stemId}
            showKeys={!closed}
          />
          {!closed && (
            <div className="challenge__actions">
              <Button type="submit" disabled={!ready}>
                {submit.status === 'pending' ? t('challenge.submitting') : t('challenge.submit')}
              </Button>
            </div>
          )}
        </form>
      </WithPassage>
      {submit.error && submit.error.code !== 'challenge.time_up' && (
        <ProblemAlert title={t('challenge.submitFailed')} error={submit.error} onRetry={send} />
      )}
      {(outcome || expired) && (
        <section
          ref={outcomeRef}
          tabIndex={-1}
          className="challenge__outcome"
          data-verdict={outcome?.correct ? 'correct' : 'wrong'}
          aria-live="polite"
        >
          <p className="challenge__verdict">
            {outcome === null || outcome.timedOut
              ? t('challenge.timedOut')
              : outcome.correct
                ? t('challenge.right')
                : t('challenge.wrong')}
            {outcome && outcome.points > 0 && (
              <span className="challenge__earned">
                {' '}
                {t('challenge.earned', { points: outcome.points })}
              </span>
            )}
          </p>
          {outcome && outcome.streak > 1 && (
            <p>{t('challenge.streakNow', { streak: outcome.streak })}</p>
          )}
          {outcome?.correctAnswer && outcome.feedback && !outcome.correct && (
            <Solution
              question={question}
              correctAnswer={outcome.correctAnswer}
              feedback={outcome.feedback}
              explanation={null}
            />
          )}
          {next.error && <ProblemAlert title={t('challenge.nextFailed')} error={next.error} />}
          <Button onClick={goOn} disabled={next.status === 'pending'}>
            {last ? t('challenge.finish') : t('challenge.next')}
          </Button>
        </section>
      )}
    </section>
  );
}
