import type { AuditAction, AuditEvent, auditList } from '@questa/contracts';
import { apiGet, type Parsed } from '../../../lib/api-client';
import { usePagedQuery } from '../../../lib/use-paged-query';

export type AuditList = Parsed<typeof auditList>;

export const auditQueryKey = 'admin/audit';

const pageSize = 50;

/** Which events to show: by whom (subject, or part of an email or name), what, and when. */
export interface AuditFilter {
  who?: string | undefined;
  action?: AuditAction | undefined;
  /** Events at or after this instant (ISO 8601). */
  from?: string | undefined;
  /** Events before this instant (ISO 8601). */
  to?: string | undefined;
}

export function listAuditEvents(filter: AuditFilter, cursor?: string): Promise<AuditList> {
  const query = new URLSearchParams({ limit: String(pageSize) });
  for (const name of ['who', 'action', 'from', 'to'] as const) {
    const value = filter[name];
    if (value) query.set(name, value);
  }
  if (cursor) query.set('cursor', cursor);
  return apiGet<AuditList>(`/admin/audit?${query}`);
}

/** Events matching `filter`, newest first, a page at a time. */
export function useAuditEvents(filter: AuditFilter) {
  const key = [filter.who, filter.action, filter.from, filter.to]
    .map((part) => encodeURIComponent(part ?? ''))
    .join('/');
  const { pages, ...rest } = usePagedQuery(`${auditQueryKey}/${key}`, (cursor?: string) =>
    listAuditEvents(filter, cursor),
  );
  const events: AuditEvent[] = pages.flatMap((page) => page.events);
  return { ...rest, events };
}
