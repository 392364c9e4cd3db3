import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseIcon, LogoMark, MenuIcon } from '../../components/ui/icons';
import { useSession } from '../../features/auth/api/get-session';
import { mayAdminister, mayAuthor, mayHost, mayTeach } from '../../features/auth/permissions';
import { useT } from '../../lib/i18n';
import { AccountLinks } from './account-links';
import { LanguagePicker } from './language-picker';
import { ThemeToggle } from './theme-toggle';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'site-header__link site-header__link--active' : 'site-header__link';

export function SiteHeader() {
  const t = useT();
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = session.status === 'success' && session.data.user !== null;
  const inCatalog = pathname === '/' || pathname.startsWith('/banks/');

  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  // Following a link in the phone menu closes it, so the new page is not hidden behind it.
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={t('app.home')}>
          <LogoMark width={32} height={32} />
          <span className="site-header__name">{t('app.name')}</span>
        </Link>
        <div id={menuId} className="site-header__menu" data-open={menuOpen || undefined}>
          <nav className="site-header__nav" aria-label={t('nav.label')}>
            <Link
              to="/"
              className={linkClass({ isActive: inCatalog })}
              aria-current={pathname === '/' ? 'page' : undefined}
            >
              {t('nav.catalog')}
            </Link>
            {session.data && mayAuthor(session.data) && (
              <NavLink to="/author" className={linkClass}>
                {t('nav.author')}
              </NavLink>
            )}
            {session.data?.user && (
              <NavLink to="/workspaces" className={linkClass}>
                {t('nav.workspaces')}
              </NavLink>
            )}
            {session.data && mayHost(session.data) && (
              <NavLink to="/host" className={linkClass}>
                {t('nav.host')}
              </NavLink>
            )}
            {session.data && mayTeach(session.data) && (
              <NavLink to="/classes" className={linkClass}>
                {t('nav.classes')}
              </NavLink>
            )}
            {/* The player's page is a page of its own (live.html), outside this router. */}
            <a href="/live" className={linkClass({ isActive: false })}>
              {t('nav.live')}
            </a>
            {session.data && mayAdminister(session.data) && (
              <NavLink to="/admin" className={linkClass}>
                {t('nav.admin')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/todo" className={linkClass}>
                {t('nav.todo')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/review" className={linkClass}>
                {t('nav.review')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/bookmarks" className={linkClass}>
                {t('nav.bookmarks')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/progress" className={linkClass}>
                {t('nav.progress')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/billing" className={linkClass}>
                {t('nav.billing')}
              </NavLink>
            )}
            {signedIn && (
              <NavLink to="/account" className={linkClass}>
                {t('nav.account')}
              </NavLink>
            )}
          </nav>
          <AccountLinks session={session} />
        </div>
        <div className="site-header__tools">
          <LanguagePicker />
          <ThemeToggle />
          <button
            ref={toggle}
            type="button"
            className="icon-button site-header__menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">{t('nav.menu')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
