import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { BellIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { invalidateQueries } from '../../../lib/use-query';
import { useUnread } from '../api/get-unread';
import { unreadKey } from '../api/keys';
import './notifications.css';

/** How often an open page asks for news; a grade is not urgent to the second. */
const POLL_MS = 60_000;

/**
 * The bell in the header: a link to the notifications, whose name says how many are unread, so a
 * screen reader hears the count and not just "bell".
 */
export function NotificationBell() {
  const t = useT();
  const unread = useUnread();
  const { pathname } = useLocation();
  // Asked again on every page change and now and then, but not while the tab is hidden.
  useEffect(() => {
    void invalidateQueries(unreadKey);
  }, [pathname]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void invalidateQueries(unreadKey);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  const count = unread.data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="notification-bell"
      aria-label={count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
    >
      <BellIcon width={22} height={22} />
      {count > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
