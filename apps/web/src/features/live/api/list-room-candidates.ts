import type { LiveCandidateList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-paged-query';

export interface CandidateSearch {
  /** The bank's tenant when it is one of the host's own; left out for a catalog bank. */
  clientId?: string | undefined;
  bankId: string;
  /** Words to search for; empty lists the newest first. */
  q: string;
}

export function listRoomCandidates(search: CandidateSearch, cursor?: string) {
  const query = new URLSearchParams();
  if (search.clientId) query.set('clientId', search.clientId);
  if (search.q) query.set('q', search.q);
  if (cursor) query.set('cursor', cursor);
  return apiGet<LiveCandidateList>(
    `/rooms/banks/${encodeURIComponent(search.bankId)}/questions?${query}`,
  );
}

/** The questions a host may pick from a bank, a page at a time. */
export const useRoomCandidates = (search: CandidateSearch) =>
  usePagedQuery(
    `live/candidates/${search.clientId ?? 'catalog'}/${search.bankId}?q=${encodeURIComponent(search.q)}`,
    (cursor?: string) => listRoomCandidates(search, cursor),
  );
