import type { PersonList } from '@questa/contracts';
import { PEOPLE_LOOKUP_MAX } from '@questa/contracts/rules';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

/**
 * Names of the tenant's members among `ids` (subjects, as the question database records authors).
 * The main API leaves out anyone who is not a member now, such as a former member or a deleted
 * account, so a missing id is normal and the caller names it in its own words.
 */
export function listPeople(clientId: string, ids: readonly string[]): Promise<PersonList> {
  const query = new URLSearchParams({ ids: ids.join(',') });
  return apiGet<PersonList>(`/authoring/clients/${encodeURIComponent(clientId)}/people?${query}`);
}

/** Display names by subject, for up to the first `PEOPLE_LOOKUP_MAX` distinct ids. */
export function usePeople(clientId: string, ids: readonly string[]) {
  const asked = [...new Set(ids)].sort().slice(0, PEOPLE_LOOKUP_MAX);
  return useQuery(`authoring/${clientId}/people/${asked.join(',')}`, async () => {
    if (asked.length === 0) return new Map<string, string>();
    const { people } = await listPeople(clientId, asked);
    return new Map(people.map((person) => [person.id, person.name]));
  });
}
