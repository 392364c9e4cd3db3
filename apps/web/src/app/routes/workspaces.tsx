import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { WorkspacesPage } from '../../features/workspaces/components/workspaces-page';
import './page.css';

export function Component() {
  const { memberships } = useSignedInSession();
  const [search] = useSearchParams();
  return <WorkspacesPage memberships={memberships} joined={search.get('joined') ?? undefined} />;
}
