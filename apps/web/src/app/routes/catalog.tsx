import { PageTitle } from '../../components/ui/page-title';
import { CatalogBrowser } from '../../features/catalog/components/catalog-browser';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  return (
    <div className="page">
      <PageTitle title={t('catalog.title')} />
      <header className="page__header">
        <h1>{t('catalog.title')}</h1>
        <p className="page__intro">{t('catalog.intro')}</p>
      </header>
      <CatalogBrowser />
    </div>
  );
}
