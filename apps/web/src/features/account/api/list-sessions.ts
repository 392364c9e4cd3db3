import type { activeSessions } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type ActiveSessionList = Parsed<typeof activeSessions>;

export const sessionsQueryKey = 'account/sessions';

export function listSessions(): Promise<ActiveSessionList> {
  return apiGet<ActiveSessionList>('/account/sessions');
}

export function useSessions() {
  return useQuery(sessionsQueryKey, listSessions);
}
