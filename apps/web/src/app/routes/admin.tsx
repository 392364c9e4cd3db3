import { Forbidden } from '../../components/forbidden';
import { PageTitle } from '../../components/ui/page-title';
import { AdminPage } from '../../features/admin/components/admin-page';
import { refetchSession } from '../../features/auth/api/get-session';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { mayAdminister } from '../../features/auth/permissions';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  // Not even a request for admin data is made for someone who may not see it.
  if (!mayAdminister(session)) return <Forbidden />;
  return (
    <div className="page">
      <PageTitle title={t('admin.title')} />
      <header className="page__header">
        <h1>{t('admin.title')}</h1>
        <p className="page__intro">{t('admin.intro')}</p>
      </header>
      <AdminPage currentUser={session.user} onAccessChange={() => void refetchSession()} />
    </div>
  );
}
