import type { Gradebook } from '@questa/contracts';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { gradebookCsvUrl, useGradebook, useLearnerHistory } from '../api/get-gradebook';
import { GradebookGrid } from './gradebook-grid';

/**
 * The class's gradebook: a learner a row, an assignment a column, each cell the best score with
 * its late mark and the time spent. The grid scrolls in its own box, drawing the rows in view,
 * with the learners' names and the assignments' titles kept in view.
 */
export function GradebookSection({ clientId, classId }: { clientId: string; classId: string }) {
  const { t } = useI18n();
  const book = useGradebook(clientId, classId);
  const [shown, setShown] = useState<Gradebook['learners'][number]>();
  return (
    <section aria-labelledby="class-gradebook" className="gradebook">
      <h2 id="class-gradebook">{t('gradebook.title')}</h2>
      {book.status === 'pending' && <Skeleton height="6rem" />}
      {book.status === 'error' && (
        <ProblemAlert title={t('gradebook.loadFailed')} error={book.error} onRetry={book.retry} />
      )}
      {book.status === 'success' &&
        (book.data.assignments.length === 0 || book.data.learners.length === 0 ? (
          <EmptyState title={t('gradebook.empty')}>
            <p>{t('gradebook.emptyBody')}</p>
          </EmptyState>
        ) : (
          <>
            <p>
              <a
                className={buttonClass('secondary')}
                href={gradebookCsvUrl(clientId, classId)}
                download
              >
                {t('gradebook.csv')}
              </a>
            </p>
            <p className="gradebook__keys">{t('gradebook.keys')}</p>
            <GradebookGrid book={book.data} caption={t('gradebook.caption')} onOpen={setShown} />
          </>
        ))}
      {shown && (
        <LearnerHistoryPanel
          clientId={clientId}
          classId={classId}
          userId={shown.userId}
          name={shown.displayName}
          onClose={() => setShown(undefined)}
        />
      )}
    </section>
  );
}

function LearnerHistoryPanel({
  clientId,
  classId,
  userId,
  name,
  onClose,
}: {
  clientId: string;
  classId: string;
  userId: string;
  name: string;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const history = useLearnerHistory(clientId, classId, userId);
  return (
    <section className="gradebook__history" aria-labelledby="learner-history">
      <h3 id="learner-history" tabIndex={-1} ref={(element) => element?.focus()}>
        {t('gradebook.historyTitle', { name })}
      </h3>
      {history.status === 'pending' && <Skeleton height="4rem" />}
      {history.status === 'error' && (
        <ProblemAlert title={t('gradebook.loadFailed')} error={history.error} />
      )}
      {history.status === 'success' &&
        (history.data.attempts.length === 0 ? (
          <p>{t('gradebook.noAttempts')}</p>
        ) : (
          <ul className="gradebook__attempts">
            {history.data.attempts.map((attempt) => (
              <li key={`${attempt.assignmentId}-${attempt.attempt}`}>
                <strong>{attempt.title}</strong>
                {attempt.kind === 'live' && <> ({t('gradebook.live')})</>} ·{' '}
                {t('gradebook.attempt', { attempt: attempt.attempt })} ·{' '}
                {formatDateTime(attempt.startedAt, locale)} ·{' '}
                {attempt.completedAt === null || attempt.score === null
                  ? t('gradebook.inProgress')
                  : t('gradebook.percent', { percent: Math.round(attempt.score * 100) })}
                {attempt.late && <> · {t('gradebook.late')}</>}
              </li>
            ))}
          </ul>
        ))}
      <Button variant="secondary" onClick={onClose}>
        {t('gradebook.closeHistory')}
      </Button>
    </section>
  );
}
