import type { SessionInfo } from '@questa/contracts';
import { useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { UserIcon } from '../../components/ui/icons';
import { problemMessage } from '../../components/ui/problem-message';
import { useSignOut } from '../../features/auth/api/sign-out';
import { signInUrl, signUpUrl } from '../../features/auth/sign-in-url';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useT } from '../../lib/i18n';
import type { QueryResult } from '../../lib/use-query';

/** Sign in and sign up, or who is signed in and a way out. */
export function AccountLinks({ session }: { session: QueryResult<SessionInfo> }) {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  const signOut = useSignOut();

  // Until the session is known, nothing: offering "Sign in" to someone signed in would mislead.
  if (session.status === 'pending') return <div className="site-header__account" />;

  const user = session.data?.user;
  if (!user) {
    const here = `${pathname}${search}${hash}`;
    return (
      <div className="site-header__account">
        <a href={signInUrl(here)} className={buttonClass('ghost', 'site-header__action')}>
          {t('auth.signIn')}
        </a>
        <a href={signUpUrl(here)} className={buttonClass('primary', 'site-header__action')}>
          {t('auth.signUp')}
        </a>
      </div>
    );
  }

  return (
    <div className="site-header__account">
      <NotificationBell />
      <p className="site-header__user" title={user.email}>
        <UserIcon />
        <span className="visually-hidden">{t('auth.signedInAs')} </span>
        <span className="site-header__user-name">{user.displayName}</span>
      </p>
      <button
        type="button"
        className={buttonClass('secondary', 'site-header__action')}
        onClick={() => void signOut.signOut()}
        disabled={signOut.status === 'pending' || signOut.status === 'success'}
      >
        {t('auth.signOut')}
      </button>
      {signOut.status === 'error' && (
        <p className="site-header__error" role="alert">
          {t('auth.signOutFailed')} {problemMessage(t, signOut.error)}
        </p>
      )}
    </div>
  );
}
