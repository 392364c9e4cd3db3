import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Forbidden } from '../../components/forbidden';
import { NotFound } from '../../components/not-found';
import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { sessionCan } from '../../features/auth/permissions';
import { prefetchClass } from '../../features/classes/api/get-class';
import { prefetchGradebook } from '../../features/classes/api/get-gradebook';
import { prefetchAssignments } from '../../features/classes/api/list-assignments';
import { ClassPage } from '../../features/classes/components/class-page';
import { useT } from '../../lib/i18n';
import './page.css';

/**
 * Starts loading the class, its assignments and its gradebook while the sign-in check runs and
 * all at once: each section shows only after the roster, and for a class of hundreds the
 * answers one after another kept the teacher waiting. Nothing waits for them here; a person
 * who may not manage the class gets the refusal the page shows anyway.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const clientId = new URL(request.url).searchParams.get('workspace');
  if (clientId && params.classId) {
    prefetchClass(clientId, params.classId);
    prefetchAssignments(clientId, params.classId);
    prefetchGradebook(clientId, params.classId);
  }
  return null;
}

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
