import type { AdminUser, AuditEvent } from '@questa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useAuditEvents } from '../api/list-audit-events';
import { useUsers } from '../api/list-users';
import { LoadingRows } from './loading-rows';

export function AuditPanel() {
  const { t, locale } = useI18n();
  const { first, events, hasMore, loadMore, more } = useAuditEvents();
  const users = useUsers();
  const userBySub = new Map<string, AdminUser>(users.data?.map((user) => [user.sub, user]));

  const actionLabel = (event: AuditEvent) => {
    const key: `auditAction.${AuditEvent['action']}` = `auditAction.${event.action}`;
    // A server newer than this client may record actions it has no words for yet.
    return t.has(key) ? t(key) : event.action;
  };
  const actorLabel = (event: AuditEvent) =>
    event.actor === null
      ? t('admin.audit.anonymous')
      : (userBySub.get(event.actor)?.email ?? event.actor);

  if (first.status === 'pending') return <LoadingRows label={t('admin.audit.loading')} />;
  if (first.status === 'error') {
    return (
      <ProblemAlert title={t('admin.audit.loadFailed')} error={first.error} onRetry={first.retry} />
    );
  }
  if (events.length === 0) return <EmptyState title={t('admin.audit.empty')} />;

  return (
    <>
      <Table caption={t('admin.tab.audit')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.time')}</th>
            <th scope="col">{t('admin.audit.action')}</th>
            <th scope="col">{t('admin.audit.actor')}</th>
            <th scope="col">{t('admin.audit.target')}</th>
            <th scope="col">{t('admin.audit.ip')}</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td className="table__nowrap">
                <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
              </td>
              <td>{actionLabel(event)}</td>
              <td className="table__mono">{actorLabel(event)}</td>
              <td className="table__mono">{event.target ?? t('admin.none')}</td>
              <td className="table__mono">{event.ip ?? t('admin.none')}</td>
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
