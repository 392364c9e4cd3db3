import { useEffect, useRef } from 'react';
import { buttonClass } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { signInUrl } from '../../../lib/sign-in-url';
import { useMutation } from '../../../lib/use-mutation';
import { useT } from '../../../lib/i18n';
import { claimResult } from '../api/claim-result';
import './keep-result.css';

/**
 * At the end of a game: a guest signs in to keep their result, a signed-in player learns it is
 * kept. Asking the server is the only way to know which: the session cookie is HttpOnly, and the
 * player's page loads none of the app's session code. A device with a session keeps the result
 * for that account, as joining with one does; without one the server says so and the player is
 * offered the sign-in, which comes back to this page and asks again.
 */
export function KeepResult({ roomId, playerToken }: { roomId: string; playerToken: string }) {
  const t = useT();
  const claim = useMutation(claimResult);
  const asked = useRef(false);
  const { mutate } = claim;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void mutate(roomId, playerToken);
  }, [mutate, roomId, playerToken]);

  if (claim.status === 'idle' || claim.status === 'pending') {
    return (
      <p className="live-keep live-muted" role="status">
        {t('live.keep.checking')}
      </p>
    );
  }
  if (claim.status === 'success') {
    return (
      <p className="live-keep" role="status">
        {claim.data.answersRecorded > 0
          ? t('live.keep.kept', { count: claim.data.answersRecorded })
          : t('live.keep.yours')}
      </p>
    );
  }
  const { error } = claim;
  if (error.code === 'auth.required') {
    return (
      <div className="live-keep">
        <a className={buttonClass('primary')} href={signInUrl(window.location.pathname)}>
          {t('live.keep.signIn')}
        </a>
        <p className="live-muted">{t('live.keep.why')}</p>
      </div>
    );
  }
  // The host removed the player, or the device's player is gone: there is nothing to keep.
  if (error.code === 'not_found') return null;
  if (error.code === 'auth.forbidden') {
    return <p className="live-keep">{t('live.keep.taken')}</p>;
  }
  if (error.code === 'validation.failed') {
    return <p className="live-keep">{t('live.keep.playedAsAnother')}</p>;
  }
  return (
    <div className="live-keep">
      <ProblemAlert
        title={t('live.keep.failed')}
        error={error}
        onRetry={() => void mutate(roomId, playerToken)}
      />
    </div>
  );
}
