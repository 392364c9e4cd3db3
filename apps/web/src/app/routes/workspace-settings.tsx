import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { sessionCan } from '../../features/auth/permissions';
import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings';
import './page.css';

export function Component() {
  const session = useSignedInSession();
  const { slug } = useParams();
  const [search] = useSearchParams();
  // Only the person's own workspaces have settings to show them; any other address is unknown.
  const membership = session.memberships.find((m) => m.clientSlug === slug);
  if (!membership) return <NotFound />;
  return (
    <WorkspaceSettings
      key={membership.clientId}
      membership={membership}
      userSub={session.user.sub}
      canManage={sessionCan(session, 'member:manage', membership.clientId)}
      canDelete={sessionCan(session, 'tenant:delete', membership.clientId)}
      canBuySeats={sessionCan(session, 'workspace_plan:manage', membership.clientId)}
      created={search.get('created') === '1'}
    />
  );
}
