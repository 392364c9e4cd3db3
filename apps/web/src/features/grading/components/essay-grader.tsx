import type { GradingDetail } from '@questa/contracts';
import { ESSAY_LIMITS } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { countWords } from '../../../components/answering/essay-words';
import { RichText } from '../../../components/answering/rich-text';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useEssayAnswer } from '../api/get-essay-answer';
import { useGradeEssay } from '../api/grade-essay';

/** One essay answer beside its question, rubric and model answer, and the form that grades it. */
export function EssayGrader({
  clientId,
  attemptId,
  position,
}: {
  clientId: string;
  attemptId: string;
  position: number;
}) {
  const t = useT();
  const answer = useEssayAnswer(clientId, attemptId, position);
  if (answer.status === 'pending') {
    return (
      <div role="status" className="grading__answer">
        <span className="visually-hidden">{t('grading.answerLoading')}</span>
        <Skeleton height="2rem" />
        <Skeleton height="10rem" />
      </div>
    );
  }
  if (answer.status === 'error') {
    return (
      <div className="grading__answer">
        <ProblemAlert
          title={t('grading.answerLoadFailed')}
          error={answer.error}
          onRetry={answer.retry}
        />
      </div>
    );
  }
  return <GradeForm clientId={clientId} detail={answer.data} reload={answer.retry} />;
}

function GradeForm({
  clientId,
  detail,
  reload,
}: {
  clientId: string;
  detail: GradingDetail;
  reload: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const grade = useGradeEssay();
  const notice = useSavedNotice();
  const [points, setPoints] = useState(detail.points === null ? '' : String(detail.points));
  const [comment, setComment] = useState(detail.comment ?? '');
  const value = points.trim() === '' ? Number.NaN : Number(points.replace(',', '.'));
  const valid = Number.isFinite(value) && value >= 0 && value <= detail.maxPoints;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || grade.status === 'pending') return;
    notice.clear();
    const outcome = await grade.mutate(clientId, detail.attemptId, detail.position, {
      points: value,
      comment,
      gradeVersion: detail.gradeVersion,
    });
    if (outcome.ok) {
      notice.show(
        t('grading.saved', { points: outcome.data.points ?? value, max: detail.maxPoints }),
      );
    }
  };

  const limits = [
    detail.minWords !== null ? t('answering.essay.atLeast', { min: detail.minWords }) : '',
    detail.maxWords !== null ? t('answering.essay.atMost', { max: detail.maxWords }) : '',
  ].filter(Boolean);
  return (
    <section className="grading__answer" aria-labelledby={headingId}>
      <header className="grading__answer-header">
        <h2 id={headingId}>{t('grading.answerBy', { learner: detail.learner })}</h2>
        <p className="grading__meta">
          {detail.bankTitle} · {detail.topic} ·{' '}
          {detail.status === 'graded' ? t('grading.status.graded') : t('grading.status.awaiting')}
        </p>
      </header>
      <div className="grading__block">
        <h3>{t('grading.question')}</h3>
        <RichText source={detail.stem} />
      </div>
      <div className="grading__block">
        <h3>{t('grading.learnerText')}</h3>
        <p className="grading__essay">{detail.text || t('grading.emptyEssay')}</p>
        <p className="grading__meta">
          {t('answering.essay.words', { count: countWords(detail.text) })}
          {limits.length > 0 && ` · ${limits.join(' · ')}`}
        </p>
      </div>
      {detail.rubric.trim() !== '' && (
        <div className="grading__block">
          <h3>{t('answering.essay.rubric')}</h3>
          <RichText source={detail.rubric} />
        </div>
      )}
      {detail.modelAnswer.trim() !== '' && (
        <div className="grading__block">
          <h3>{t('answering.essay.modelAnswer')}</h3>
          <RichText source={detail.modelAnswer} />
        </div>
      )}
      <form className="grading__form" noValidate onSubmit={submit}>
        <Field
          label={t('grading.points', { max: detail.maxPoints })}
          hint={t('grading.pointsHint', { step: ESSAY_LIMITS.pointStep })}
          error={
            points.trim() !== '' && !valid
              ? t('grading.pointsInvalid', { max: detail.maxPoints })
              : undefined
          }
        >
          {(control) => (
            <input
              {...control}
              className="input grading__points"
              type="number"
              inputMode="decimal"
              min={0}
              max={detail.maxPoints}
              step={ESSAY_LIMITS.pointStep}
              value={points}
              onChange={(event) => setPoints(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('grading.comment')} hint={t('grading.commentHint')}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={4}
              maxLength={ESSAY_LIMITS.commentMax}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          )}
        </Field>
        <div className="grading__actions">
          <Button type="submit" disabled={!valid || grade.status === 'pending'}>
            {grade.status === 'pending'
              ? t('grading.saving')
              : detail.status === 'graded'
                ? t('grading.regrade')
                : t('grading.save')}
          </Button>
        </div>
        {grade.status === 'error' && (
          <ProblemAlert
            title={t('grading.saveFailed')}
            error={grade.error}
            onRetry={
              grade.error.code === 'grading.conflict'
                ? () => {
                    grade.reset();
                    reload();
                  }
                : undefined
            }
          />
        )}
        <SavedNotice notice={notice} />
      </form>
    </section>
  );
}
