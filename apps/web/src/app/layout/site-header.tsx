import { Link, useLocation } from 'react-router';
import { LogoMark } from '../../components/ui/icons';
import { useT } from '../../lib/i18n';
import { LanguagePicker } from './language-picker';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const t = useT();
  const { pathname } = useLocation();
  const inCatalog = pathname === '/' || pathname.startsWith('/banks/');
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={t('app.home')}>
          <LogoMark width={32} height={32} />
          <span className="site-header__name">{t('app.name')}</span>
        </Link>
        <nav className="site-header__nav" aria-label={t('nav.label')}>
          <Link
            to="/"
            className={
              inCatalog ? 'site-header__link site-header__link--active' : 'site-header__link'
            }
            aria-current={pathname === '/' ? 'page' : undefined}
          >
            {t('nav.catalog')}
          </Link>
        </nav>
        <div className="site-header__tools">
          <LanguagePicker />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
