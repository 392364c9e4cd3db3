import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, CloseIcon, LogoMark, MenuIcon } from '../../components/ui/icons';
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
            {!signedIn && <PlayLiveLink />}
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
              <NavLink to="/progress" className={linkClass}>
                {t('nav.progress')}
              </NavLink>
            )}
            {signedIn && (
              <MoreLinks>
                <PlayLiveLink />
                <NavLink to="/bookmarks" className={linkClass}>
                  {t('nav.bookmarks')}
                </NavLink>
                <NavLink to="/workspaces" className={linkClass}>
                  {t('nav.workspaces')}
                </NavLink>
                <NavLink to="/billing" className={linkClass}>
                  {t('nav.billing')}
                </NavLink>
                <NavLink to="/account" className={linkClass}>
                  {t('nav.account')}
                </NavLink>
              </MoreLinks>
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

/** The player's page is a page of its own (live.html), outside this router. */
function PlayLiveLink() {
  const t = useT();
  return (
    <a href="/live" className={linkClass({ isActive: false })}>
      {t('nav.live')}
    </a>
  );
}

/** Where the secondary links live, each with the address it answers. */
const morePaths = ['/bookmarks', '/workspaces', '/billing', '/account'];

/**
 * The links used less often, behind "More" on a wide screen so the header stays one row for every
 * role; in the phone's menu they are listed with the rest. A disclosure, not an ARIA menu: Tab
 * moves through its links, Escape or a click elsewhere closes it, and leaving it closes it too.
 */
function MoreLinks({ children }: { children: ReactNode }) {
  const t = useT();
  const { pathname } = useLocation();
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  const here = morePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="site-header__more"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={linkClass({ isActive: here }) + ' site-header__more-toggle'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('nav.more')}
        <ChevronDownIcon width={16} height={16} />
      </button>
      <div id={listId} className="site-header__more-list" data-open={open || undefined}>
        {children}
      </div>
    </div>
  );
}
