import type { ActiveSession } from '@questa/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useSessions } from '../api/list-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { describeUserAgent } from '../describe-user-agent';
import './account.css';

/** Every device signed in to the account, this one first, each other one with a way to end it. */
export function SessionList() {
  const { t, locale } = useI18n();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState<ActiveSession>();

  const device = (session: ActiveSession) => {
    const { browser, system } = describeUserAgent(session.userAgent);
    if (browser && system) return t('account.deviceOn', { browser, system });
    return browser ?? system ?? (session.userAgent || t('account.unknownDevice'));
  };

  const close = () => {
    setConfirming(undefined);
    revoke.reset();
  };

  return (
    <section className="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">{t('account.sessions')}</h2>
      <p className="account-section__note">{t('account.sessionsIntro')}</p>
      {sessions.status === 'pending' && (
        <div role="status" className="account-sessions__loading">
          <span className="visually-hidden">{t('account.sessionsLoading')}</span>
          <Skeleton height="4.5rem" />
          <Skeleton height="4.5rem" />
        </div>
      )}
      {sessions.status === 'error' && (
        <ProblemAlert
          title={t('account.sessionsLoadFailed')}
          error={sessions.error}
          onRetry={sessions.retry}
        />
      )}
      {sessions.status === 'success' && (
        <ul className="account-sessions">
          {[...sessions.data.sessions]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((session) => (
              <li key={session.id} className="account-sessions__item">
                <div className="account-sessions__about">
                  <p className="account-sessions__device">
                    {device(session)}
                    {session.current && <Badge>{t('account.thisDevice')}</Badge>}
                  </p>
                  <p className="account-sessions__details">
                    {t('account.lastSeen', { date: formatDateTime(session.lastSeenAt, locale) })}
                    {' · '}
                    {t('account.signedInAt', { date: formatDateTime(session.createdAt, locale) })}
                    {' · '}
                    {t('account.ip', { ip: session.ip })}
                  </p>
                </div>
                {!session.current && (
                  <Button
                    variant="secondary"
                    className="button--small"
                    aria-label={t('account.signOutSession', { device: device(session) })}
                    onClick={() => setConfirming(session)}
                  >
                    {t('auth.signOut')}
                  </Button>
                )}
              </li>
            ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('account.confirmSignOutSession')}
        confirmLabel={t('auth.signOut')}
        busy={revoke.status === 'pending'}
        error={revoke.error}
        onCancel={close}
        onConfirm={async () => {
          if (!confirming) return;
          const outcome = await revoke.mutate(confirming.id);
          if (outcome.ok) close();
        }}
      >
        <p>
          {confirming && t('account.confirmSignOutSessionBody', { device: device(confirming) })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
