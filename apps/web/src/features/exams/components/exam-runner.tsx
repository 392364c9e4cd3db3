import type { AnswerInput } from '@questa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AnswerEditor } from '../../../components/answering/answer-editor';
import { preloadAnswerWidgets } from '../../../components/answering/answer-widgets';
import { WithPassage } from '../../../components/answering/passage';
import { loadRichText } from '../../../components/answering/rich-text';
import { CheckIcon } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { networkError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSubmitExam } from '../api/submit-exam';
import { isAnswered } from '../answered';
import type { ExamAnswers, ExamAnswersSnapshot } from '../exam-answers';
import { retryDelay } from '../exam-clock';
import { useExamAnswers } from '../use-exam-answers';
import type { LoadedExam } from '../use-exam-attempt';
import { ConnectionBanner } from './connection-banner';
import { ExamTimer } from './exam-timer';
import { QuestionNavigator } from './question-navigator';
import '../../../components/ui/question-card.css';

/** Typing is saved once the learner pauses this long, or leaves the field. */
const typingPauseMs = 800;

type Phase = 'answering' | 'time-up';

/** A running attempt: the clock, the questions one at a time, answers saved as they are given. */
export function ExamRunner({ loaded }: { loaded: LoadedExam }) {
  const t = useT();
  const navigate = useNavigate();
  const { attempt, offset } = loaded;
  const { store, snapshot } = useExamAnswers(loaded);
  const typing = useTypingBuffer(store);
  const [phase, setPhase] = useState<Phase>('answering');
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState<ApiError | undefined>();
  const [sending, setSending] = useState(false);
  const { mutate: submitAttempt } = useSubmitExam();
  const { commit: commitTyping } = typing;
  const reviewPath = `/exams/${attempt.id}/review`;

  const positions = attempt.questions.map((entry) => entry.position);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('question'));
  const current = positions.includes(requested) ? requested : (positions[0] ?? 1);
  const index = positions.indexOf(current);
  const entry = attempt.questions[index];
  const answered = (position: number) => isAnswered(snapshot.answers.get(position));
  const unanswered = positions.filter((position) => !answered(position)).length;
  const readOnly = phase !== 'answering' || snapshot.ended;

  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const go = (position: number) => {
    commitTyping();
    moved.current = true;
    setSearchParams({ question: String(position) }, { replace: true });
  };
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [current]);

  // The learner may lose the connection on any later question. Fetch the Markdown renderer and
  // the widgets of the attempt's question types while the connection is there, so every question
  // still renders fully offline.
  const { questions } = attempt;
  useEffect(() => {
    loadRichText().catch(() => {
      // Offline already: questions show their source text until the connection returns.
    });
    void preloadAnswerWidgets(questions.map((question) => question.question.type));
  }, [questions]);

  /** Sends what is queued, then hands the attempt in; the review follows. */
  const finish = useCallback(async (): Promise<ApiError | 'sent'> => {
    commitTyping();
    const sent = await store.flush();
    if (!sent && !store.getSnapshot().ended) return networkError(new Error('Answers not sent'));
    const outcome = await submitAttempt(attempt.id);
    // Already over (the server submitted it at the deadline): the review is there all the same.
    if (outcome.ok || outcome.error.code === 'exam.expired') {
      await navigate(reviewPath, { replace: true });
      return 'sent';
    }
    return outcome.error;
  }, [attempt.id, commitTyping, navigate, reviewPath, store, submitAttempt]);

  // When time is up, the page keeps trying until the answers are in and the attempt is submitted;
  // the server submits it by itself at the deadline plus grace in any case.
  useEffect(() => {
    if (phase !== 'time-up') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attemptFinish = async (failures: number) => {
      const result = await finish();
      if (cancelled || result === 'sent') return;
      setSubmitError(result);
      timer = setTimeout(() => void attemptFinish(failures + 1), retryDelay(failures + 1));
    };
    void attemptFinish(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [phase, finish]);

  const confirmSubmit = async () => {
    setSubmitError(undefined);
    setSending(true);
    const result = await finish();
    if (result === 'sent') return;
    setSending(false);
    setSubmitError(result);
  };

  return (
    <div className="exam">
      <PageTitle title={attempt.blueprintTitle} />
      <header className="exam-bar">
        <div className="exam-bar__title">
          <h1>{attempt.blueprintTitle}</h1>
          <p>{attempt.bankTitle}</p>
        </div>
        <ExamTimer
          deadline={attempt.deadline}
          offset={offset}
          onTimeUp={() => {
            setConfirming(false);
            setPhase('time-up');
          }}
        />
        <Button
          onClick={() => {
            commitTyping();
            setSubmitError(undefined);
            setConfirming(true);
          }}
          disabled={readOnly}
        >
          {t('exams.submit.open')}
        </Button>
      </header>

      <ConnectionBanner snapshot={snapshot} />
      {phase === 'time-up' && (
        <div className="exam-notice" role="alert">
          <p>{t('exams.timeUp')}</p>
          {submitError && <p>{t('exams.timeUpRetrying')}</p>}
        </div>
      )}
      {snapshot.ended && phase === 'answering' && (
        <div className="exam-notice" role="alert">
          <p>{t('exams.ended')}</p>
          <Link to={reviewPath}>{t('exams.seeReview')}</Link>
        </div>
      )}

      <QuestionNavigator
        positions={positions}
        current={current}
        isAnswered={answered}
        onSelect={go}
      />

      {entry && (
        <WithPassage passage={entry.passage}>
          <section
            className="question-card question-card--raised"
            aria-labelledby="exam-question-heading"
          >
            <div className="exam-question__top">
              <h2 id="exam-question-heading" ref={heading} tabIndex={-1}>
                {t('exams.question', { position: index + 1, total: positions.length })}
              </h2>
              <p className="exam-question__points">
                {t('exams.points', { count: entry.question.points })}
              </p>
            </div>
            <div key={entry.position} className="exam-question__body" onBlur={commitTyping}>
              <AnswerEditor
                question={entry.question}
                answer={snapshot.answers.get(entry.position) ?? null}
                onAnswer={(answer, kind) => typing.change(entry.position, answer, kind)}
                readOnly={readOnly}
              />
            </div>
            <SaveStatus snapshot={snapshot} position={entry.position} />
            <div className="exam-question__nav">
              <Button
                variant="secondary"
                disabled={index <= 0}
                onClick={() => go(positions[index - 1] ?? current)}
              >
                {t('exams.previous')}
              </Button>
              <Button
                variant="secondary"
                disabled={index >= positions.length - 1}
                onClick={() => go(positions[index + 1] ?? current)}
              >
                {t('exams.next')}
              </Button>
            </div>
          </section>
        </WithPassage>
      )}

      <ConfirmDialog
        open={confirming}
        title={t('exams.submit.title')}
        confirmLabel={t('exams.submit.confirm')}
        busy={sending}
        error={submitError}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmSubmit()}
      >
        <p>
          {unanswered > 0
            ? t('exams.submit.unanswered', { count: unanswered })
            : t('exams.submit.allAnswered')}
        </p>
        <p>{t('exams.submit.final')}</p>
      </ConfirmDialog>
    </div>
  );
}

/** Whether the answer on screen is safely with the server, in words and an icon. */
function SaveStatus({ snapshot, position }: { snapshot: ExamAnswersSnapshot; position: number }) {
  const t = useT();
  const status = snapshot.status.get(position);
  let text: string;
  if (!snapshot.answers.has(position)) text = t('exams.save.none');
  else if (status === 'saved') text = t('exams.save.saved');
  else if (status === 'rejected') text = t('exams.save.rejected');
  else if (snapshot.ended) text = t('exams.save.tooLate');
  else if (snapshot.connection === 'online') text = t('exams.save.saving');
  else text = t('exams.save.kept');
  return (
    <p className="exam-save-status" data-status={status} role="status">
      {status === 'saved' && <CheckIcon width={16} height={16} />}
      {text}
    </p>
  );
}

/**
 * Holds typed answers until the learner pauses or leaves the field, so a word is sent once rather
 * than letter by letter; anything chosen is sent at once.
 */
function useTypingBuffer(store: ExamAnswers) {
  const held = useRef<{ position: number; answer: AnswerInput; timer: number } | null>(null);

  const commit = useCallback(() => {
    const entry = held.current;
    if (!entry) return;
    held.current = null;
    window.clearTimeout(entry.timer);
    void store.save(entry.position, entry.answer);
  }, [store]);

  const change = useCallback(
    (position: number, answer: AnswerInput, kind: 'choose' | 'type') => {
      if (held.current && held.current.position !== position) commit();
      if (held.current) window.clearTimeout(held.current.timer);
      held.current = null;
      if (kind === 'choose') {
        void store.save(position, answer);
        return;
      }
      held.current = { position, answer, timer: window.setTimeout(commit, typingPauseMs) };
    },
    [commit, store],
  );

  useEffect(() => commit, [commit]);
  return { commit, change };
}
