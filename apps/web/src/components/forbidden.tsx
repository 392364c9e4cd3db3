import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { buttonClass } from './ui/button';
import { PageTitle } from './ui/page-title';
import { problemMessage } from './ui/problem-message';
import { StatusPage } from './ui/status-page';

/** Shown instead of a page the signed-in reader may not use; no data is requested for it. */
export function Forbidden() {
  const t = useT();
  return (
    <StatusPage
      code="403"
      title={t('forbidden.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('error.home')}
        </Link>
      }
    >
      <PageTitle title={t('forbidden.title')} />
      <p>{problemMessage(t, { code: 'auth.forbidden' })}</p>
    </StatusPage>
  );
}
