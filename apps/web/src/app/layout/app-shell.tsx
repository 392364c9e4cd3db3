import { useEffect, useRef } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { AppLinkContext, type AppLinkProps } from '../../components/ui/app-link';
import { useSession } from '../../features/auth/api/get-session';
import { PastDueBanner } from '../../features/billing/components/past-due-banner';
import { DeletionBanners } from '../../features/workspaces/components/deletion-banner';
import { PendingInvitationReturn } from '../../features/workspaces/components/pending-invitation';
import { useT } from '../../lib/i18n';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './app-shell.css';

const routerLink = ({ href, ...props }: AppLinkProps) => <Link to={href} {...props} />;

export function AppShell() {
  const t = useT();
  const busy = useNavigation().state === 'loading';
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);
  const session = useSession().data;
  const billing = session?.billing;

  useEffect(() => {
    // After a client-side navigation nothing tells a screen reader the page changed; moving focus
    // to the new content does. The first page keeps the browser's usual focus.
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AppLinkContext value={routerLink}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          {t('app.skipToContent')}
        </a>
        <NavigationProgress />
        <PendingInvitationReturn signedIn={Boolean(session?.user)} />
        <SiteHeader />
        {/* The billing page says the same at length, with the way to fix it at hand. */}
        {billing?.pastDue && pathname !== '/billing' && <PastDueBanner billing={billing} />}
        {session?.memberships && <DeletionBanners memberships={session.memberships} />}
        <main id="main" ref={main} tabIndex={-1} className="app-shell__main" aria-busy={busy}>
          <Outlet />
        </main>
        <SiteFooter />
        <ScrollRestoration />
      </div>
    </AppLinkContext>
  );
}
