import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useAddressSearch } from '../../../lib/use-address-search';
import { useCatalog } from '../api/get-catalog';
import {
  catalogSearch,
  isNarrowed,
  noFilters,
  readCatalogFilters,
  type CatalogFilters,
} from '../catalog-filters';
import { BankList } from './bank-list';
import { CatalogFilterForm, type CatalogFacets } from './catalog-filter-form';
import { CatalogPager } from './catalog-pager';
import './catalog-browser.css';

/**
 * The catalog with its search, filters, sort and pages, all kept in the address: a reload, a
 * shared link and the browser's back and forward buttons show the same list.
 */
export function CatalogBrowser() {
  const t = useT();
  const [params, changeParams] = useAddressSearch();
  const filters = readCatalogFilters(params);
  const catalog = useCatalog(filters);
  // The choices stay while the next list loads, so the form never empties under the reader.
  const [facets, setFacets] = useState<CatalogFacets>({ languages: [], tags: [] });
  const latest = catalog.data;
  if (latest && (latest.languages !== facets.languages || latest.tags !== facets.tags)) {
    setFacets({ languages: latest.languages, tags: latest.tags });
  }

  const changeFilters = useCallback(
    (change: Partial<CatalogFilters>) =>
      changeParams((current) => catalogSearch({ ...readCatalogFilters(current), ...change })),
    [changeParams],
  );
  const clearFilters = () => changeFilters(noFilters);

  return (
    <>
      <CatalogFilterForm filters={filters} facets={facets} onChange={changeFilters} />
      <p role="status" className="catalog-browser__count">
        {catalog.status === 'pending'
          ? t('catalog.loading')
          : catalog.status === 'success'
            ? t('catalog.resultCount', { count: catalog.data.total })
            : ''}
      </p>
      <BankList catalog={catalog} narrowed={isNarrowed(filters)} onClearFilters={clearFilters} />
      {catalog.status === 'success' && (
        <CatalogPager
          filters={filters}
          total={catalog.data.total}
          pageSize={catalog.data.pageSize}
        />
      )}
    </>
  );
}
