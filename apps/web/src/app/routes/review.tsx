import { PageTitle } from '../../components/ui/page-title';
import { ReviewPage } from '../../features/review/components/review-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  return (
    <div className="page">
      <PageTitle title={t('review.title')} />
      <header className="page__header">
        <h1>{t('review.title')}</h1>
        <p className="page__intro">{t('review.intro')}</p>
      </header>
      <ReviewPage />
    </div>
  );
}
