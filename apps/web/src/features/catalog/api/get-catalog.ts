import type { CatalogList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const catalogQueryKey = 'catalog/banks';

export function getCatalog(): Promise<CatalogList> {
  return apiGet<CatalogList>('/catalog/banks');
}

export function useCatalog() {
  return useQuery(catalogQueryKey, getCatalog);
}
