import { AppLink } from '../../../components/ui/app-link';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useChallengeSummary } from '../api/get-summary';

/** The end of a challenge: points, right answers, the gradebook's score and the class ranking. */
export function ChallengeSummaryView({ challengeId }: { challengeId: string }) {
  const t = useT();
  const summary = useChallengeSummary(challengeId);
  if (summary.status === 'pending') {
    return (
      <div aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('challenge.summaryLoading')}
        </p>
        <Skeleton height="10rem" />
      </div>
    );
  }
  if (summary.status === 'error') {
    return (
      <ProblemAlert
        title={t('challenge.summaryFailed')}
        error={summary.error}
        onRetry={summary.retry}
      />
    );
  }
  const result = summary.data;
  return (
    <section
      className="challenge question-card challenge__summary"
      aria-labelledby="challenge-done"
    >
      <h1 id="challenge-done">{t('challenge.summaryTitle')}</h1>
      <p className="challenge__subtitle">{result.title}</p>
      <p className="challenge__big">
        {t('challenge.summaryPoints', { points: result.points, max: result.maxPoints })}
      </p>
      <p>
        {t('challenge.summaryCorrect', { correct: result.correct, count: result.questionCount })}
      </p>
      {result.rank !== null && (
        <p className="challenge__rank">
          {t('challenge.rank', { rank: result.rank, count: result.finishedAttempts })}
        </p>
      )}
      {result.score !== null && (
        <p>{t('challenge.summaryScore', { percent: Math.round(result.score * 100) })}</p>
      )}
      {result.late && <p>{t('challenge.summaryLate')}</p>}
      <AppLink href="/todo">{t('challenge.backToTodo')}</AppLink>
    </section>
  );
}
