import type { AuditEvent, auditList } from '@questa/contracts';
import { useState } from 'react';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { useQuery } from '../../../lib/use-query';

export type AuditList = Parsed<typeof auditList>;

export const auditQueryKey = 'admin/audit';

const pageSize = 50;

export function listAuditEvents(cursor?: string): Promise<AuditList> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return apiGet<AuditList>(`/admin/audit?${query}`);
}

/**
 * The newest page of the audit log, cached, plus older pages fetched on demand. When the newest page
 * is refetched the older ones are dropped: the cursor they continued from no longer follows it.
 */
export function useAuditEvents() {
  const first = useQuery(auditQueryKey, () => listAuditEvents());
  const [older, setOlder] = useState<{ after: AuditList; pages: AuditList[] }>();
  const more = useMutation(listAuditEvents);

  const pages = first.data ? [first.data, ...(older?.after === first.data ? older.pages : [])] : [];
  const events: AuditEvent[] = pages.flatMap((page) => page.events);
  const nextCursor = pages.at(-1)?.nextCursor ?? null;

  const loadMore = async () => {
    const after = first.data;
    if (!after || !nextCursor) return;
    const outcome = await more.mutate(nextCursor);
    if (!outcome.ok) return;
    setOlder((current) => ({
      after,
      pages: [...(current?.after === after ? current.pages : []), outcome.data],
    }));
  };

  return { first, events, hasMore: nextCursor !== null, loadMore, more };
}
