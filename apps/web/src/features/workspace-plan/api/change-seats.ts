import type { WorkspacePlan } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Sets the seats: the partner prorates and charges the difference at once. */
export function changeSeats(clientId: string, seats: number): Promise<WorkspacePlan> {
  return apiRequest<WorkspacePlan>(`/workspaces/${encodeURIComponent(clientId)}/plan/seats`, {
    method: 'PUT',
    body: { seats },
  });
}
