import type { Member, PersonList } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { config } from '../../../lib/config';
import { useQuery } from '../../../lib/use-query';
import { membersKey } from './keys';
import { tenantPath } from './list-invitations';

export interface NamedMember extends Member {
  /** Their display name, when the main API knows them. */
  name: string | undefined;
}

/** A workspace's members with their roles (owners may list them), named in batches of 50. */
export async function listMembers(clientId: string): Promise<NamedMember[]> {
  const { members } = await apiRequest<{ members: Member[] }>(tenantPath(clientId, '/members'), {
    base: config.questionDbBase,
  });
  const names = new Map<string, string>();
  for (let start = 0; start < members.length; start += 50) {
    const ids = members.slice(start, start + 50).map((member) => member.userId);
    const { people } = await apiRequest<PersonList>(
      `/authoring/clients/${encodeURIComponent(clientId)}/people?${new URLSearchParams({ ids: ids.join(',') })}`,
    );
    for (const person of people) names.set(person.id, person.name);
  }
  return members.map((member) => ({ ...member, name: names.get(member.userId) }));
}

export function useMembers(clientId: string) {
  return useQuery(membersKey(clientId), () => listMembers(clientId));
}
