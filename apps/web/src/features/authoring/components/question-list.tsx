import type { ItemStatistic, ItemStatistics, QuestionSummary } from '@questa/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, useI18n, type Translate } from '../../../lib/i18n';
import { markdownToPlainText } from '../../../lib/markdown/plain-text';
import type { QuestionFilters } from '@questa/contracts';
import { useQuestions } from '../api/list-questions';
import { splitHeadline } from '../headline';
import { authorPaths } from '../paths';
import { ItemStatisticFacts } from '../stats/item-statistic-facts';
import { BulkActions, type BulkAccess } from './bulk-actions';
import { StatusBadge } from './status-badge';
import { useQuestionSelection, type QuestionSelectionState } from './use-question-selection';

/** The server cuts excerpts at this many characters; one this long may go on. */
const excerptLength = 200;
/** How much of a question a checkbox's name repeats. */
const checkboxNameLength = 60;

/**
 * A bank's questions matching the filters, a page at a time, each with how learners did on it
 * once the statistics are known. With `access`, questions can be selected and acted on at once.
 */
export function QuestionList({
  clientId,
  bankId,
  filters,
  statistics,
  access,
}: {
  clientId: string;
  bankId: string;
  filters: QuestionFilters;
  statistics?: ItemStatistics | undefined;
  access?: BulkAccess | undefined;
}) {
  const { t } = useI18n();
  const { first, pages, hasMore, loadMore, more } = useQuestions(clientId, bankId, filters);
  const selection = useQuestionSelection(JSON.stringify(filters));
  const byQuestion = new Map(statistics?.items.map((item) => [item.questionId, item]));
  const questions = pages.flatMap((page) => page.questions);
  const shown = questions.map((question) => question.id);
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== '');
  const bulk = access && (access.canWrite || access.canPublish);

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
      {bulk && (
        <BulkActions
          clientId={clientId}
          bankId={bankId}
          filters={filters}
          shown={shown}
          hasMore={hasMore}
          selection={selection}
          access={access}
        />
      )}
      <ul className="question-list" aria-label={t('questions.title')}>
        {questions.map((question) => (
          <QuestionRow
            key={question.id}
            clientId={clientId}
            question={question}
            statistics={statistics ? { item: byQuestion.get(question.id) } : undefined}
            selection={bulk ? { state: selection, shown } : undefined}
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

/** A stem's Markdown as the list shows it: readable text, media as a short marker. */
function readable(t: Translate, source: string): string {
  return markdownToPlainText(source, {
    image: (alt) => (alt ? t('questions.imageWithAlt', { alt }) : t('questions.image')),
    audio: (alt) => (alt ? t('questions.audioWithDescription', { alt }) : t('questions.audio')),
    video: (alt) => (alt ? t('questions.videoWithDescription', { alt }) : t('questions.video')),
    blank: '___',
  });
}

function QuestionRow({
  clientId,
  question,
  statistics,
  selection,
}: {
  clientId: string;
  question: QuestionSummary;
  /** Absent until the bank's statistics are loaded; `item` absent when nobody answered it. */
  statistics: { item: ItemStatistic | undefined } | undefined;
  /** Absent when the author may not act on many questions at once. */
  selection: { state: QuestionSelectionState; shown: readonly string[] } | undefined;
}) {
  const { t, locale } = useI18n();
  const flagged = (statistics?.item?.flags.length ?? 0) > 0;
  const { parts, full } = useMemo(() => {
    const text = readable(t, question.excerpt);
    const cut = question.excerpt.length >= excerptLength ? `${text}…` : text;
    // A search headline keeps its « » marks through the Markdown, then splits at them.
    const shown = question.headline ? readable(t, question.headline) : text;
    return { parts: splitHeadline(shown), full: cut };
  }, [t, question.excerpt, question.headline]);
  const empty = parts.every((part) => part.text.trim() === '');
  const name =
    full.length > checkboxNameLength ? `${full.slice(0, checkboxNameLength).trimEnd()}…` : full;
  const classes = ['question-list__item'];
  if (flagged) classes.push('question-list__item--flagged');
  if (selection) classes.push('question-list__item--selectable');
  return (
    <li className={classes.join(' ')}>
      {selection && (
        <input
          type="checkbox"
          className="question-list__checkbox"
          aria-label={t('bulk.selectQuestion', { text: empty ? t('questions.noText') : name })}
          checked={selection.state.isSelected(question.id)}
          onChange={() => selection.state.toggle(question.id, selection.shown)}
        />
      )}
      <div className="question-list__body">
        <Link
          to={authorPaths.question(clientId, question.id)}
          className="question-list__link"
          title={empty ? undefined : full}
        >
          {parts.map((part, index) =>
            part.match ? <mark key={index}>{part.text}</mark> : part.text,
          )}
          {empty && t('questions.noText')}
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
      </div>
    </li>
  );
}
