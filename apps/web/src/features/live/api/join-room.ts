import type { LiveJoined } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/** Joins a room by its code; without a nickname the server makes one up when the host said so. */
export const joinRoom = (code: string, nickname: string | undefined) =>
  apiRequest<LiveJoined>('/rooms/join', {
    method: 'POST',
    body: nickname === undefined ? { code } : { code, nickname },
  });
