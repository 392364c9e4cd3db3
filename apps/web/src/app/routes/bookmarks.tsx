import { PageTitle } from '../../components/ui/page-title';
import { BookmarksPage } from '../../features/bookmarks/components/bookmarks-page';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  return (
    <div className="page">
      <PageTitle title={t('bookmarks.title')} />
      <header className="page__header">
        <h1>{t('bookmarks.title')}</h1>
        <p className="page__intro">{t('bookmarks.intro')}</p>
      </header>
      <BookmarksPage />
    </div>
  );
}
