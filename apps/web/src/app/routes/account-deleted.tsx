import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page-title';
import { StatusPage } from '../../components/ui/status-page';
import { useT } from '../../lib/i18n';

/** Where a browser lands after its account was deleted, signed out. */
export function Component() {
  const t = useT();
  return (
    <StatusPage
      title={t('accountDeleted.title')}
      actions={
        <Link to="/" className={buttonClass('primary')}>
          {t('accountDeleted.action')}
        </Link>
      }
    >
      <PageTitle title={t('accountDeleted.title')} />
      <p>{t('accountDeleted.body')}</p>
    </StatusPage>
  );
}
