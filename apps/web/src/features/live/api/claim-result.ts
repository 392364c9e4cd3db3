import type { LiveClaimed } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Makes the player this device joined as the signed-in user's. The token goes in the body: an
 * address would leave it in the history and in logs.
 */
export const claimResult = (roomId: string, playerToken: string) =>
  apiRequest<LiveClaimed>(`/rooms/${encodeURIComponent(roomId)}/claim`, {
    method: 'POST',
    body: { playerToken },
  });
