import { PageTitle } from '../../components/ui/page-title';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { sessionFeatures } from '../../features/auth/premium-features';
import { ProgressPage } from '../../features/progress/components/progress-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const session = useSignedInSession();
  return (
    <div className="page">
      <PageTitle title={t('progress.title')} />
      <header className="page__header">
        <h1>{t('progress.title')}</h1>
        <p className="page__intro">{t('progress.intro')}</p>
      </header>
      <ProgressPage detailedAnalytics={sessionFeatures(session).detailedAnalytics} />
    </div>
  );
}
