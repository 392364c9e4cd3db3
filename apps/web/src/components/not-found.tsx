import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { buttonClass } from './ui/button';
import { PageTitle } from './ui/page-title';
import { StatusPage } from './ui/status-page';

/** The not-found page content, for unknown routes and for anything the API reports missing. */
export function NotFound() {
  const t = useT();
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('notFound.action')}
        </Link>
      }
    >
      <PageTitle title={t('notFound.title')} />
      <p>{t('notFound.body')}</p>
    </StatusPage>
  );
}
