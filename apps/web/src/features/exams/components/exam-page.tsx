import { Navigate } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useExamAttempt } from '../use-exam-attempt';
import { ExamRunner } from './exam-runner';
import '../../../components/ui/question-card.css';
import './exam.css';

/**
 * A timed exam attempt. One that is already over (submitted here or elsewhere, or expired) goes
 * straight to its review.
 */
export function ExamPage({ attemptId }: { attemptId: string }) {
  const t = useT();
  const load = useExamAttempt(attemptId);

  if (load.status === 'pending') return <ExamSkeleton />;
  if (load.status === 'error') {
    if (load.error.code === 'not_found' || load.error.code === 'validation.failed') {
      return <NotFound />;
    }
    return (
      <div className="exam">
        <PageTitle title={t('exams.loadFailed')} />
        <h1>{t('exams.eyebrow')}</h1>
        <ProblemAlert title={t('exams.loadFailed')} error={load.error} onRetry={load.retry} />
      </div>
    );
  }
  if (load.data.attempt.state !== 'in_progress') {
    return <Navigate to={`/exams/${attemptId}/review`} replace />;
  }
  return <ExamRunner key={attemptId} loaded={load.data} />;
}

function ExamSkeleton() {
  const t = useT();
  return (
    <div className="exam" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('exams.loading')}
      </p>
      <div className="exam-bar">
        <Skeleton width="min(20rem, 70%)" height="2rem" />
        <Skeleton width="5rem" height="2rem" />
      </div>
      <Skeleton height="2.5rem" />
      <div className="question-card question-card--raised">
        <Skeleton width="10rem" height="1.5rem" />
        <Skeleton width="min(36rem, 100%)" height="1.25rem" />
        <Skeleton height="3rem" />
        <Skeleton height="3rem" />
      </div>
    </div>
  );
}
