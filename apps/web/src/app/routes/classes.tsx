import { Forbidden } from '../../components/forbidden';
import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { sessionCan } from '../../features/auth/permissions';
import { ClassesPage } from '../../features/classes/components/classes-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  const workspaces = session.memberships
    .filter((membership) => sessionCan(session, 'class:manage', membership.clientId))
    .map((membership) => ({ clientId: membership.clientId, name: membership.clientName }));
  if (workspaces.length === 0) return <Forbidden />;
  return (
    <div className="page">
      <PageTitle title={t('classes.title')} />
      <header className="page__header">
        <h1>{t('classes.title')}</h1>
        <p className="page__intro">{t('classes.intro')}</p>
      </header>
      <ClassesPage workspaces={workspaces} />
    </div>
  );
}
