import type { ItemStatistic, ItemStatistics, QuestionSummary } from '@questa/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, useI18n } from '../../../lib/i18n';
import type { QuestionFilters } from '@questa/contracts';
import { useQuestions } from '../api/list-questions';
import { splitHeadline } from '../headline';
import { authorPaths } from '../paths';
import { ItemStatisticFacts } from '../stats/item-statistic-facts';
import { StatusBadge } from './status-badge';

/**
 * A bank's questions matching the filters, a page at a time, each with how learners did on it
 * once the statistics are known.
 */
export function QuestionList({
  clientId,
  bankId,
  filters,
  statistics,
}: {
  clientId: string;
  bankId: string;
  filters: QuestionFilters;
  statistics?: ItemStatistics | undefined;
}) {
  const { t } = useI18n();
  const { first, pages, hasMore, loadMore, more } = useQuestions(clientId, bankId, filters);
  const byQuestion = new Map(statistics?.items.map((item) => [item.questionId, item]));
  const questions = pages.flatMap((page) => page.questions);
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');

  if (first.status === 'pending') {
    return (
      <div role="status" className="authoring-loading">
        <span className="visually-hidden">{t('questions.loading')}</span>
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} height="4.5rem" />
        ))}
      </div>
    );
  }
  if (first.status === 'error') {
    return (
      <ProblemAlert title={t('questions.loadFailed')} error={first.error} onRetry={first.retry} />
    );
  }
  if (questions.length === 0) {
    return (
      <EmptyState title={filtered ? t('questions.noMatches') : t('questions.empty')}>
        <p>{filtered ? t('questions.noMatchesBody') : t('questions.emptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="question-list" aria-label={t('questions.title')}>
        {questions.map((question) => (
          <QuestionRow
            key={question.id}
            clientId={clientId}
            question={question}
            statistics={statistics ? { item: byQuestion.get(question.id) } : undefined}
          />
        ))}
      </ul>
      <LoadMore
        hasMore={hasMore}
        state={more}
        label={t('author.loadMore')}
        errorTitle={t('questions.loadFailed')}
        onLoadMore={() => void loadMore()}
      />
    </>
  );
}

function QuestionRow({
  clientId,
  question,
  statistics,
}: {
  clientId: string;
  question: QuestionSummary;
  /** Absent until the bank's statistics are loaded; `item` absent when nobody answered it. */
  statistics: { item: ItemStatistic | undefined } | undefined;
}) {
  const { t, locale } = useI18n();
  const flagged = (statistics?.item?.flags.length ?? 0) > 0;
  const parts = question.headline
    ? splitHeadline(question.headline)
    : [{ text: question.excerpt, match: false }];
  return (
    <li
      className={
        flagged ? 'question-list__item question-list__item--flagged' : 'question-list__item'
      }
    >
      <Link to={authorPaths.question(clientId, question.id)} className="question-list__link">
        {parts.map((part, index) =>
          part.match ? <mark key={index}>{part.text}</mark> : part.text,
        )}
        {parts.every((part) => part.text.trim() === '') && t('questions.noText')}
      </Link>
      <div className="question-list__meta">
        <Badge>{t(`questionType.${question.type}`)}</Badge>
        <StatusBadge status={question.status} />
        <span>{question.topic}</span>
        <span>{t('editor.difficultyLevel', { level: question.difficulty })}</span>
        <span>{t('editor.version', { version: question.currentVersion })}</span>
        <span>{t('bank.updated', { date: formatDate(question.updatedAt, locale) })}</span>
      </div>
      {statistics && (
        <div className="question-list__meta">
          <ItemStatisticFacts statistic={statistics.item} />
        </div>
      )}
    </li>
  );
}
