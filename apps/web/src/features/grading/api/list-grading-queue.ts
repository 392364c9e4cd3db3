import type { GradingQueue } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export type GradingStatus = 'awaiting' | 'graded';

export const gradingPath = (clientId: string) =>
  `/authoring/clients/${encodeURIComponent(clientId)}/grading`;
/** Every grading query of a tenant lives under this key, so one grade refreshes them all. */
export const gradingKey = (clientId: string) => `grading/${clientId}`;

/** Essay answers of the tenant's exams: awaiting grading (oldest first) or graded (newest). */
export function listGradingQueue(clientId: string, status: GradingStatus): Promise<GradingQueue> {
  return apiGet<GradingQueue>(`${gradingPath(clientId)}?${new URLSearchParams({ status })}`);
}

export function useGradingQueue(clientId: string, status: GradingStatus) {
  return useQuery(`${gradingKey(clientId)}/list/${status}`, () =>
    listGradingQueue(clientId, status),
  );
}
