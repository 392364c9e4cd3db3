import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useUnsubscribe } from '../api/unsubscribe';
import './notifications.css';

/**
 * Where the link in a notification mail leads: it works without signing in, as the signed token
 * in the address names the person and the kind of mail to stop.
 */
export function UnsubscribePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useUnsubscribe();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || token === '') return;
    asked.current = true;
    void stop.mutate(token);
  }, [stop, token]);

  return (
    <div className="page unsubscribe-page">
      <PageTitle title={t('notifications.unsubscribe.title')} />
      <h1>{t('notifications.unsubscribe.title')}</h1>
      {token === '' ? (
        <p role="alert">{t('notifications.unsubscribe.noToken')}</p>
      ) : stop.status === 'success' ? (
        <p role="status">{t(`notifications.unsubscribe.done.${stop.data.kind}`)}</p>
      ) : stop.status === 'error' ? (
        <ProblemAlert title={t('notifications.unsubscribe.failed')} error={stop.error} />
      ) : (
        <p role="status">{t('notifications.unsubscribe.working')}</p>
      )}
      <p>
        <Link to="/account#mail">{t('notifications.unsubscribe.choose')}</Link>
      </p>
    </div>
  );
}
