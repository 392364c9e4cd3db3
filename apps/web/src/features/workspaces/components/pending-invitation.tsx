import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { forgetPendingInvitation, pendingInvitation } from '../../../lib/current-workspace';

/**
 * Brings someone who opened an invitation link before having an account back to it once they
 * are signed in, wherever signing in has landed them.
 */
export function PendingInvitationReturn({ signedIn }: { signedIn: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!signedIn) return;
    const path = pendingInvitation();
    if (!path) return;
    forgetPendingInvitation();
    if (path !== pathname) void navigate(path, { replace: true });
  }, [signedIn, pathname, navigate]);
  return null;
}
