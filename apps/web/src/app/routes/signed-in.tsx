import { Outlet } from 'react-router';
import { RequireSession } from '../../features/auth/components/require-session';

/** The layout of every page that needs a signed-in reader. */
export function Component() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}
