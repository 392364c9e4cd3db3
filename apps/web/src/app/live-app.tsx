import { LogoMark } from '../components/ui/icons';
import { JoinPage } from '../features/live/components/join-page';
import { useRoomCode } from '../features/live/live-location';
import { I18nProvider, useT, type LoadedLocale } from '../lib/i18n';
import { LanguagePicker } from './layout/language-picker';
import { SiteFooter } from './layout/site-footer';
import { ThemeToggle } from './layout/theme-toggle';
import './layout/app-shell.css';

/**
 * The player's page, `/live` and `/live/:code`, as a page of its own (live.html): Questa's header
 * with the language and theme, and the join and player screens. It loads no router and none of
 * the signed-in shell, so a phone joining a room downloads a fraction of the app; links out of it
 * are ordinary page loads.
 */
export function LiveApp({ locale }: { locale: LoadedLocale }) {
  return (
    <I18nProvider initial={locale}>
      <LiveShell />
    </I18nProvider>
  );
}

function LiveShell() {
  const t = useT();
  const code = useRoomCode();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <a href="/" className="site-header__brand" aria-label={t('app.home')}>
            <LogoMark width={32} height={32} />
            <span className="site-header__name">{t('app.name')}</span>
          </a>
          <div className="site-header__tools">
            <LanguagePicker />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="app-shell__main">
        <JoinPage key={code ?? ''} {...(code ? { code } : {})} />
      </main>
      <SiteFooter />
    </div>
  );
}
