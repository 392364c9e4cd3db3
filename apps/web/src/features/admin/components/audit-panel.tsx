import type { AuditAction, AuditEvent } from '@questa/contracts';
import { auditActions } from '@questa/contracts/rules';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n, type Translate } from '../../../lib/i18n';
import { useAuditEvents, type AuditFilter } from '../api/list-audit-events';
import { auditChange } from '../audit-change';
import { LoadingRows } from './loading-rows';

const isAction = (value: string): value is AuditAction =>
  auditActions.some((action) => action === value);

// A server newer than this client may record actions it has no words for yet.
const actionLabel = (t: Translate, action: AuditAction) => {
  const key: `auditAction.${AuditAction}` = `auditAction.${action}`;
  return t.has(key) ? t(key) : action;
};

/** The first moment of a `yyyy-mm-dd` day in the reader's time zone. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`);

/** The audit log, newest first, narrowed by who acted, what they did and between which days. */
export function AuditPanel() {
  const { t } = useI18n();
  const id = useId();
  const [who, setWho] = useState('');
  const [action, setAction] = useState<AuditAction | ''>('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [filter, setFilter] = useState<AuditFilter>({});
  const [submitted, setSubmitted] = useState(false);
  const whoInput = useRef<HTMLInputElement>(null);

  const dayError = fromDay && toDay && toDay < fromDay ? t('admin.audit.toBeforeFrom') : undefined;
  const filtered = Object.values(filter).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (dayError) return;
    // The last day counts whole: events before the start of the day after it.
    const until = toDay ? startOfDay(toDay) : undefined;
    until?.setDate(until.getDate() + 1);
    setFilter({
      who: who.trim() || undefined,
      action: action || undefined,
      from: fromDay ? startOfDay(fromDay).toISOString() : undefined,
      to: until?.toISOString(),
    });
  };

  const clear = () => {
    setWho('');
    setAction('');
    setFromDay('');
    setToDay('');
    setSubmitted(false);
    setFilter({});
    // The button goes with the filters; focus stays in the form rather than falling to the page.
    whoInput.current?.focus();
  };

  return (
    <div className="admin-section">
      <form
        className="billing-filter"
        role="search"
        aria-label={t('admin.audit.filter')}
        noValidate
        onSubmit={submit}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-who`}>{t('admin.audit.who')}</label>
          <input
            ref={whoInput}
            id={`${id}-who`}
            type="search"
            className="input"
            value={who}
            maxLength={200}
            placeholder={t('admin.audit.whoPlaceholder')}
            onChange={(event) => setWho(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-action`}>{t('admin.audit.what')}</label>
          <select
            id={`${id}-action`}
            value={action}
            onChange={(event) => setAction(isAction(event.target.value) ? event.target.value : '')}
          >
            <option value="">{t('admin.audit.anyAction')}</option>
            {auditActions.map((option) => (
              <option key={option} value={option}>
                {actionLabel(t, option)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-from`}>{t('admin.audit.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            className="input"
            value={fromDay}
            onChange={(event) => setFromDay(event.target.value)}
          />
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-to`}>{t('admin.audit.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            className="input"
            value={toDay}
            min={fromDay || undefined}
            aria-invalid={(submitted && dayError !== undefined) || undefined}
            aria-describedby={submitted && dayError ? `${id}-to-error` : undefined}
            onChange={(event) => setToDay(event.target.value)}
          />
          <FieldError id={`${id}-to-error`} message={submitted ? dayError : undefined} />
        </div>
        <Button type="submit">{t('admin.audit.filterButton')}</Button>
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            {t('admin.audit.clear')}
          </Button>
        )}
      </form>
      <AuditResults filter={filter} filtered={filtered} />
    </div>
  );
}

function AuditResults({ filter, filtered }: { filter: AuditFilter; filtered: boolean }) {
  const { t, locale } = useI18n();
  const { first, events, hasMore, loadMore, more } = useAuditEvents(filter);

  const actorLabel = (event: AuditEvent) =>
    event.actor === null ? t('admin.audit.anonymous') : (event.actorEmail ?? event.actor);

  if (first.status === 'pending') return <LoadingRows label={t('admin.audit.loading')} />;
  if (first.status === 'error') {
    return (
      <ProblemAlert title={t('admin.audit.loadFailed')} error={first.error} onRetry={first.retry} />
    );
  }
  if (events.length === 0) {
    return <EmptyState title={filtered ? t('admin.audit.noneMatch') : t('admin.audit.empty')} />;
  }

  return (
    <>
      <Table caption={t('admin.tab.audit')} captionHidden stackOnNarrow>
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.time')}</th>
            <th scope="col">{t('admin.audit.action')}</th>
            <th scope="col">{t('admin.audit.change')}</th>
            <th scope="col">{t('admin.audit.actor')}</th>
            <th scope="col">{t('admin.audit.target')}</th>
            <th scope="col">{t('admin.audit.ip')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td className="table__nowrap" data-label={t('admin.audit.time')}>
                <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
              </td>
              <td data-label={t('admin.audit.action')}>{actionLabel(t, event.action)}</td>
              <td data-label={t('admin.audit.change')}>{auditChange(t, locale, event)}</td>
              <td className="table__mono" data-label={t('admin.audit.actor')}>
                {actorLabel(event)}
              </td>
              <td className="table__mono" data-label={t('admin.audit.target')}>
                {event.target ?? t('admin.none')}
              </td>
              <td className="table__mono" data-label={t('admin.audit.ip')}>
                {event.ip ?? t('admin.none')}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <LoadMore
        hasMore={hasMore}
        state={more}
        label={t('admin.audit.loadMore')}
        errorTitle={t('admin.audit.loadMoreFailed')}
        onLoadMore={() => void loadMore()}
      />
    </>
  );
}
