import type { AdminUser, adminUserList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type AdminUserList = Parsed<typeof adminUserList>;

export const usersQueryKey = 'admin/users';

/** The most the API returns in one page. */
const pageSize = 100;

export function listUsers(cursor?: string): Promise<AdminUserList> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return apiGet<AdminUserList>(`/admin/users?${query}`);
}

/**
 * Every user, page after page. The users table shows them all, and the member form picks from them
 * by email; a directory too large for that would need a search endpoint instead.
 */
export async function listAllUsers(): Promise<AdminUser[]> {
  const users: AdminUser[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUsers(cursor);
    users.push(...page.users);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return users;
}

export function useUsers() {
  return useQuery(usersQueryKey, listAllUsers);
}
