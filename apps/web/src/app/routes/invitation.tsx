import { useParams } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { useSession } from '../../features/auth/api/get-session';
import { InvitationPage } from '../../features/workspaces/components/invitation-page';
import './page.css';

/** Open signed out too: the link's holder may not have an account yet. */
export function Component() {
  const { token = '' } = useParams();
  const session = useSession();
  if (session.status === 'pending') return <PageLoading />;
  return <InvitationPage token={token} signedInAs={session.data?.user?.email ?? null} />;
}
