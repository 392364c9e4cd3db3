import { useT } from '../../lib/i18n';
import './page-loading.css';

/** Shown in the main area while a page's code loads. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status" aria-busy="true">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading.page')}</span>
    </div>
  );
}
