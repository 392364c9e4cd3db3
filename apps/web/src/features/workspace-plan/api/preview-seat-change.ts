import type { SeatChangePreview } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';

/** What changing to `seats` would charge now, before anything changes. */
export function previewSeatChange(clientId: string, seats: number): Promise<SeatChangePreview> {
  return apiGet<SeatChangePreview>(
    `/workspaces/${encodeURIComponent(clientId)}/plan/seats/preview?seats=${seats}`,
  );
}
