import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { catalogSearch, type CatalogFilters } from '../catalog-filters';

/** Links to the page before and after, so each page has its own address. */
export function CatalogPager({
  filters,
  total,
  pageSize,
}: {
  filters: CatalogFilters;
  total: number;
  pageSize: number;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && filters.page === 1) return null;
  const to = (page: number) => ({ search: `?${catalogSearch({ ...filters, page })}` });
  return (
    <nav className="catalog-pager" aria-label={t('catalog.pages')}>
      {filters.page > 1 && (
        <Link to={to(Math.min(filters.page - 1, pages))} className={buttonClass('secondary')}>
          {t('catalog.previousPage')}
        </Link>
      )}
      <p>{t('catalog.pageOf', { page: filters.page, pages })}</p>
      {filters.page < pages && (
        <Link to={to(filters.page + 1)} className={buttonClass('secondary')}>
          {t('catalog.nextPage')}
        </Link>
      )}
    </nav>
  );
}
