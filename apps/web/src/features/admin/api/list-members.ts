import type { memberList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { tenantsQueryKey } from './list-tenants';

export type MemberList = Parsed<typeof memberList>;

export const membersQueryKey = (clientId: string) => `${tenantsQueryKey}/${clientId}/members`;

export function listMembers(clientId: string): Promise<MemberList> {
  return apiGet<MemberList>(`/admin/tenants/${encodeURIComponent(clientId)}/members`);
}

export function useMembers(clientId: string) {
  return useQuery(membersQueryKey(clientId), () => listMembers(clientId));
}
