import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { MyTenants } from '../../features/authoring/components/my-tenants';
import { useT } from '../../lib/i18n';
import { tenantAccess } from './author-tenant';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  return (
    <div className="page">
      <PageTitle title={t('author.title')} />
      <header className="page__header">
        <h1>{t('author.title')}</h1>
        <p className="page__intro">{t('author.intro')}</p>
      </header>
      <MyTenants tenants={session.memberships.map((m) => tenantAccess(session, m))} />
    </div>
  );
}
