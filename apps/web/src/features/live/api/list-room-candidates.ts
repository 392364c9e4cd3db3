import type { LiveCandidateList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-paged-query';

export interface CandidateSearch {
  clientId: string;
  bankId: string;
  /** Words to search for; empty lists the newest first. */
  q: string;
}

export function listRoomCandidates(search: CandidateSearch, cursor?: string) {
  const query = new URLSearchParams({ clientId: search.clientId });
  if (search.q) query.set('q', search.q);
  if (cursor) query.set('cursor', cursor);
  return apiGet<LiveCandidateList>(
    `/rooms/banks/${encodeURIComponent(search.bankId)}/questions?${query}`,
  );
}

/** The questions a host may pick from a bank of their tenant, a page at a time. */
export const useRoomCandidates = (search: CandidateSearch) =>
  usePagedQuery(
    `live/candidates/${search.clientId}/${search.bankId}?q=${encodeURIComponent(search.q)}`,
    (cursor?: string) => listRoomCandidates(search, cursor),
  );
