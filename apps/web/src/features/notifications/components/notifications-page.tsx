import { useEffect, useRef, useState } from 'react';
import type { Notification } from '@questa/contracts';
import { Button } from '../../../components/ui/button';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { listNotifications, useNotifications } from '../api/list-notifications';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { markAllRead } from '../api/mark-read';
import { NotificationText } from './notification-text';
import './notifications.css';

/**
 * Every notification, newest first. Opening the list reads them: those that were unread keep a
 * "New" mark while the page is open, and the bell's count drops to zero.
 */
export function NotificationsPage() {
  const { t, locale } = useI18n();
  const list = useNotifications();
  const marked = useRef(false);
  const [markFailed, setMarkFailed] = useState(false);
  const older = useOlderNotifications(list.status === 'success' ? list.data.nextBefore : null);
  const hasUnread = list.status === 'success' && list.data.unread > 0;
  useEffect(() => {
    if (!hasUnread || marked.current) return;
    marked.current = true;
    markAllRead().catch(() => setMarkFailed(true));
  }, [hasUnread]);

  return (
    <div className="page notifications-page">
      <PageTitle title={t('notifications.title')} />
      <header className="page__header">
        <h1>{t('notifications.title')}</h1>
        <p className="page__intro">
          {t('notifications.intro')} <Link to="/account#mail">{t('notifications.chooseMail')}</Link>
        </p>
      </header>
      {list.status === 'pending' ? (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('notifications.loading')}
          </p>
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
        </div>
      ) : list.status === 'error' ? (
        <ProblemAlert
          title={t('notifications.loadFailed')}
          error={list.error}
          onRetry={list.retry}
        />
      ) : list.data.notifications.length === 0 ? (
        <EmptyState title={t('notifications.empty')}>{t('notifications.emptyBody')}</EmptyState>
      ) : (
        <>
          <ul className="notifications">
            {[...list.data.notifications, ...older.notifications].map((notification) => (
              <li
                key={notification.id}
                className={`notification${notification.readAt === null ? ' notification--new' : ''}`}
              >
                {notification.readAt === null && (
                  <span className="notification__new">{t('notifications.new')}</span>
                )}
                <NotificationText subject={notification.subject} />
                <p className="notification__time">
                  <time dateTime={notification.createdAt}>
                    {formatDateTime(notification.createdAt, locale)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
          {older.error && (
            <ProblemAlert
              title={t('notifications.olderFailed')}
              error={older.error}
              onRetry={older.load}
            />
          )}
          {older.cursor !== null && !older.error && (
            <Button variant="secondary" onClick={older.load} disabled={older.loading}>
              {older.loading ? t('notifications.loadingOlder') : t('notifications.showOlder')}
            </Button>
          )}
          <p role="status" className="visually-hidden">
            {older.notifications.length > 0 &&
              t('notifications.olderShown', { count: older.notifications.length })}
          </p>
        </>
      )}
      {markFailed && <p role="alert">{t('notifications.markFailed')}</p>}
    </div>
  );
}

/**
 * Older pages, fetched on demand below the newest page the list query holds. They are not cached:
 * leaving the page and coming back starts again from the newest.
 */
function useOlderNotifications(firstCursor: string | null) {
  const [pages, setPages] = useState<{ notifications: Notification[]; cursor: string | null }>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ApiError>();
  const cursor = pages ? pages.cursor : firstCursor;

  const load = () => {
    if (cursor === null || loading) return;
    setLoading(true);
    setError(undefined);
    listNotifications(cursor)
      .then((page) =>
        setPages((before) => ({
          notifications: [...(before?.notifications ?? []), ...page.notifications],
          cursor: page.nextBefore,
        })),
      )
      .catch((caught: unknown) => setError(toApiError(caught)))
      .finally(() => setLoading(false));
  };

  return { notifications: pages?.notifications ?? [], cursor, loading, error, load };
}
