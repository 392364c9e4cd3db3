import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useT } from '../../lib/i18n';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './app-shell.css';

export function AppShell() {
  const t = useT();
  const busy = useNavigation().state === 'loading';
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    // After a client-side navigation nothing tells a screen reader the page changed; moving focus
    // to the new content does. The first page keeps the browser's usual focus.
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" ref={main} tabIndex={-1} className="app-shell__main" aria-busy={busy}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
