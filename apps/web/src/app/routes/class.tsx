import { Link, useParams, useSearchParams } from 'react-router';
import { Forbidden } from '../../components/forbidden';
import { NotFound } from '../../components/not-found';
import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { sessionCan } from '../../features/auth/permissions';
import { ClassPage } from '../../features/classes/components/class-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  const { classId = '' } = useParams();
  const [search] = useSearchParams();
  const clientId = search.get('workspace');
  if (!clientId) return <NotFound />;
  if (!sessionCan(session, 'class:manage', clientId)) return <Forbidden />;
  return (
    <div className="page">
      <PageTitle title={t('classes.classTitle')} />
      <p>
        <Link to="/classes">{t('classes.back')}</Link>
      </p>
      <ClassPage clientId={clientId} classId={classId} />
    </div>
  );
}
