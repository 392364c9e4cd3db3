import type { Subscriber, SubscriptionStatus } from '@questa/contracts';
import { subscriptionStatuses } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useSubscribers, type SubscriberFilter } from '../api/list-subscribers';
import { priceLabel, statusTone } from '../billing-format';
import { LoadingRows } from './loading-rows';

const isStatus = (value: string): value is SubscriptionStatus =>
  subscriptionStatuses.some((status) => status === value);

/**
 * Subscriptions, newest first, searched by a learner's email or name and narrowed to one state, a
 * page at a time. Each leads to the learner's whole billing history, where refunds are made.
 */
export function SubscribersPanel({
  filter,
  onFilter,
  historyHref,
}: {
  filter: SubscriberFilter;
  onFilter: (filter: SubscriberFilter) => void;
  /** Where a learner's billing history is, keeping this list's filter for the way back. */
  historyHref: (userId: string) => string;
}) {
  const { t } = useI18n();
  const id = useId();
  const [q, setQ] = useState(filter.q ?? '');
  const [status, setStatus] = useState<SubscriptionStatus | ''>(filter.status ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ q: q.trim() || undefined, status: status || undefined });
  };

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('admin.tab.subscribers')}</h2>
      <form
        className="billing-filter"
        role="search"
        onSubmit={submit}
        aria-label={t('admin.subscribers.search')}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-q`}>{t('admin.subscribers.query')}</label>
          <input
            id={`${id}-q`}
            type="search"
            className="input"
            value={q}
            maxLength={200}
            placeholder={t('admin.subscribers.queryPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-status`}>{t('admin.subscribers.status')}</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
          >
            <option value="">{t('admin.subscribers.anyStatus')}</option>
            {subscriptionStatuses
              .filter((option) => option !== 'none')
              .map((option) => (
                <option key={option} value={option}>
                  {t(`admin.billing.status.${option}`)}
                </option>
              ))}
          </select>
        </div>
        <Button type="submit">{t('admin.subscribers.searchButton')}</Button>
      </form>
      {/* Keyed by the filter, so a new search starts from its own first page. */}
      <SubscriberResults
        key={`${filter.status ?? ''}/${filter.q ?? ''}`}
        filter={filter}
        historyHref={historyHref}
      />
    </section>
  );
}

function SubscriberResults({
  filter,
  historyHref,
}: {
  filter: SubscriberFilter;
  historyHref: (userId: string) => string;
}) {
  const { t, locale } = useI18n();
  const { first, pages, hasMore, loadMore, more } = useSubscribers(filter);
  const subscribers: Subscriber[] = pages.flatMap((page) => page.subscribers);
  const filtered = filter.q !== undefined || filter.status !== undefined;

  if (first.status === 'pending') return <LoadingRows label={t('admin.subscribers.loading')} />;
  if (first.status === 'error') {
    return (
      <ProblemAlert
        title={t('admin.subscribers.loadFailed')}
        error={first.error}
        onRetry={first.retry}
      />
    );
  }
  if (subscribers.length === 0) {
    return (
      <EmptyState
        title={filtered ? t('admin.subscribers.noneMatch') : t('admin.subscribers.empty')}
      />
    );
  }

  return (
    <>
      <p className="admin-secondary" role="status">
        {hasMore
          ? t('admin.subscribers.shownMore', { count: subscribers.length })
          : t('admin.subscribers.shown', { count: subscribers.length })}
      </p>
      <Table caption={t('admin.tab.subscribers')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('admin.subscribers.learner')}</th>
            <th scope="col">{t('admin.subscribers.status')}</th>
            <th scope="col">{t('admin.subscribers.plan')}</th>
            <th scope="col">{t('admin.subscribers.periodEnd')}</th>
            <th scope="col">{t('admin.subscribers.started')}</th>
          </tr>
        </thead>
        <tbody>
          {subscribers.map((subscriber) => (
            <tr key={subscriber.id}>
              <th scope="row">
                <div className="billing-row-head">
                  <span>
                    {subscriber.user.displayName || subscriber.user.email}
                    <span className="admin-secondary table__mono">{subscriber.user.email}</span>
                  </span>
                  <Link
                    to={historyHref(subscriber.user.id)}
                    className="billing-link"
                    aria-label={t('admin.subscribers.historyOf', {
                      name: subscriber.user.displayName || subscriber.user.email,
                    })}
                  >
                    {t('admin.subscribers.history')}
                  </Link>
                </div>
              </th>
              <td>
                <Badge tone={statusTone(subscriber.status)}>
                  {t(`admin.billing.status.${subscriber.status}`)}
                </Badge>
                {subscriber.cancelAtPeriodEnd && subscriber.endedAt === null && (
                  <span className="admin-secondary">{t('admin.subscribers.cancelsAtEnd')}</span>
                )}
              </td>
              <td>
                {subscriber.plan?.name ?? t('admin.none')}
                {subscriber.price && (
                  <span className="admin-secondary">{priceLabel(t, locale, subscriber.price)}</span>
                )}
              </td>
              <td className="table__nowrap">
                {subscriber.endedAt
                  ? t('admin.subscribers.endedOn', { date: formatDate(subscriber.endedAt, locale) })
                  : subscriber.currentPeriodEnd
                    ? formatDate(subscriber.currentPeriodEnd, locale)
                    : t('admin.none')}
              </td>
              <td className="table__nowrap">{formatDate(subscriber.startedAt, locale)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <LoadMore
        hasMore={hasMore}
        state={more}
        label={t('admin.subscribers.loadMore')}
        errorTitle={t('admin.subscribers.loadMoreFailed')}
        onLoadMore={() => void loadMore()}
      />
    </>
  );
}
