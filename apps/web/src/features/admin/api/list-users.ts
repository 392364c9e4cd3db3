import type { AdminUser, adminUserList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-paged-query';
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
 * Every user, page after page: the member form picks from them by email, and the audit log and the
 * members table turn a subject into a person with them. The users table searches instead.
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

const searchPageSize = 25;

/** Users whose email or name contains `q` (everyone when empty), newest first, a page at a time. */
export function useUserSearch(q: string) {
  return usePagedQuery(`${usersQueryKey}/search/${encodeURIComponent(q)}`, (cursor?: string) => {
    const query = new URLSearchParams({ limit: String(searchPageSize) });
    if (q) query.set('q', q);
    if (cursor) query.set('cursor', cursor);
    return apiGet<AdminUserList>(`/admin/users?${query}`);
  });
}
