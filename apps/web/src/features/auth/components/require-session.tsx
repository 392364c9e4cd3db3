import type { SessionInfo, SessionUser } from '@questa/contracts';
import { createContext, use, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../../components/ui/page-loading';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useSession } from '../api/get-session';
import { signInUrl } from '../sign-in-url';

export type SignedInSession = SessionInfo & { user: SessionUser };

const SignedInContext = createContext<SignedInSession | null>(null);

const isSignedIn = (session: SessionInfo): session is SignedInSession => session.user !== null;

/**
 * Shows `children` to a signed-in reader only. Anyone else is sent to sign in and brought back to
 * this address; until the session is known, the page shows its loading state.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const signedOut = session.status === 'success' && !isSignedIn(session.data);
  const returnTo = `${pathname}${search}${hash}`;

  useEffect(() => {
    if (signedOut) window.location.assign(signInUrl(returnTo));
  }, [signedOut, returnTo]);

  if (session.status === 'error') {
    return (
      <ProblemAlert title={t('session.loadFailed')} error={session.error} onRetry={session.retry} />
    );
  }
  if (session.status === 'pending' || !isSignedIn(session.data)) return <PageLoading />;
  return <SignedInContext value={session.data}>{children}</SignedInContext>;
}

/** The signed-in reader's session, inside <RequireSession>. */
export function useSignedInSession(): SignedInSession {
  const session = use(SignedInContext);
  if (!session) throw new Error('useSignedInSession must be used inside <RequireSession>.');
  return session;
}
