import { isApiError } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { questionDbRequest } from './question-db';

/**
 * Which of the user's tenants holds a bank or question, for addresses that do not name the tenant
 * (`/author/banks/:bankId`). Asks each tenant in turn; null when none has it.
 */
export async function findTenant(
  clientIds: readonly string[],
  resource: 'banks' | 'questions',
  id: string,
): Promise<string | null> {
  for (const clientId of clientIds) {
    try {
      await questionDbRequest(clientId, `/${resource}/${encodeURIComponent(id)}`);
      return clientId;
    } catch (error) {
      if (isApiError(error) && (error.code === 'not_found' || error.code === 'auth.forbidden')) {
        continue;
      }
      throw error;
    }
  }
  return null;
}

export function useFindTenant(
  clientIds: readonly string[],
  resource: 'banks' | 'questions',
  id: string,
) {
  return useQuery(`qdb/find/${resource}/${id}?${clientIds.join(',')}`, () =>
    findTenant(clientIds, resource, id),
  );
}
