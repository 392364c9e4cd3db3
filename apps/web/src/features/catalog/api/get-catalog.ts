import type { CatalogList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { catalogSearch, type CatalogFilters } from '../catalog-filters';

export const catalogQueryKey = 'catalog/banks';

export function getCatalog(filters: CatalogFilters): Promise<CatalogList> {
  const search = catalogSearch(filters).toString();
  return apiGet<CatalogList>(search ? `/catalog/banks?${search}` : '/catalog/banks');
}

/** One page of the catalog as filtered; each filter has its own cache entry, so back is instant. */
export function useCatalog(filters: CatalogFilters) {
  const search = catalogSearch(filters).toString();
  return useQuery(`${catalogQueryKey}/${search}`, () => getCatalog(filters));
}
