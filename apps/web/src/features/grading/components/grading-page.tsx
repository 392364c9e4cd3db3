import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useGradingQueue, type GradingStatus } from '../api/list-grading-queue';
import { EssayGrader } from './essay-grader';
import './grading.css';

/** `attemptId:position`, as the address names the answer open for grading. */
const parseAnswer = (value: string | null) => {
  const match = /^([0-9a-f-]{36}):(\d{1,4})$/.exec(value ?? '');
  return match ? { attemptId: match[1] as string, position: Number(match[2]) } : null;
};

/**
 * The grading queue of one tenant: essay answers from exams on its banks, awaiting grading or
 * graded, and the one chosen beside the list. What is chosen lives in the address, so a reload or
 * a link shows the same answer.
 */
export function GradingPage({ clientId, clientName }: { clientId: string; clientName: string }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const status: GradingStatus = params.get('status') === 'graded' ? 'graded' : 'awaiting';
  const chosen = parseAnswer(params.get('answer'));
  const select = (next: { status?: GradingStatus; answer?: string | null }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.status) updated.set('status', next.status);
        if (next.answer === null) updated.delete('answer');
        else if (next.answer) updated.set('answer', next.answer);
        return updated;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="page grading">
      <PageTitle title={t('grading.title')} />
      <Link to="/author" className="page__back">
        <ArrowLeftIcon />
        {t('grading.backToAuthoring')}
      </Link>
      <header className="page__header">
        <h1>{t('grading.title')}</h1>
        <p className="page__intro">{t('grading.intro', { tenant: clientName })}</p>
      </header>
      <Tabs
        label={t('grading.tabsLabel')}
        tabs={[
          { id: 'awaiting', label: t('grading.tab.awaiting') },
          { id: 'graded', label: t('grading.tab.graded') },
        ]}
        selected={status}
        onSelect={(next) => select({ status: next, answer: null })}
      >
        <div className="grading__layout">
          <QueueList
            clientId={clientId}
            status={status}
            chosen={chosen}
            answerHref={(answer) => {
              const next = new URLSearchParams(params);
              next.set('status', status);
              next.set('answer', answer);
              return `?${next}`;
            }}
          />
          {chosen ? (
            <EssayGrader
              key={`${chosen.attemptId}:${chosen.position}`}
              clientId={clientId}
              attemptId={chosen.attemptId}
              position={chosen.position}
            />
          ) : (
            <p className="grading__choose">{t('grading.choose')}</p>
          )}
        </div>
      </Tabs>
    </div>
  );
}

function QueueList({
  clientId,
  status,
  chosen,
  answerHref,
}: {
  clientId: string;
  status: GradingStatus;
  chosen: { attemptId: string; position: number } | null;
  answerHref: (answer: string) => string;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const queue = useGradingQueue(clientId, status);
  return (
    <section className="grading__queue" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t(`grading.tab.${status}`)}
      </h2>
      {queue.status === 'pending' && (
        <div role="status" className="grading__loading">
          <span className="visually-hidden">{t('grading.loading')}</span>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      )}
      {queue.status === 'error' && (
        <ProblemAlert title={t('grading.loadFailed')} error={queue.error} onRetry={queue.retry} />
      )}
      {queue.status === 'success' && queue.data.items.length === 0 && (
        <EmptyState title={t(`grading.empty.${status}`)}>
          <p>{t(`grading.emptyBody.${status}`)}</p>
        </EmptyState>
      )}
      {queue.status === 'success' && queue.data.items.length > 0 && (
        <ul className="grading__list">
          {queue.data.items.map((item) => {
            const key = `${item.attemptId}:${item.position}`;
            const current =
              chosen?.attemptId === item.attemptId && chosen.position === item.position;
            return (
              <li key={key}>
                <Link
                  to={answerHref(key)}
                  preventScrollReset
                  className="grading__item"
                  aria-current={current ? 'true' : undefined}
                >
                  <span className="grading__excerpt">{item.excerpt}</span>
                  <span className="grading__meta">
                    {item.learner} · {item.bankTitle} · {formatDateTime(item.submittedAt, locale)}
                  </span>
                  {item.points !== null && (
                    <span className="grading__meta">
                      {t('grading.pointsOf', { points: item.points, max: item.maxPoints })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
