import type { LiveResults, LiveRoomCreate, LiveRoomSummary } from '@questa/contracts';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries, useQuery } from '../../../lib/use-query';

const roomsKey = 'live/rooms';

export const useHostedRooms = () =>
  useQuery(roomsKey, () => apiGet<{ rooms: LiveRoomSummary[] }>('/rooms'));

export function useCreateRoom() {
  return useMutation(async (input: LiveRoomCreate) => {
    const room = await apiRequest<LiveRoomSummary>('/rooms', { method: 'POST', body: input });
    await invalidateQueries(roomsKey);
    return room;
  });
}

export const useRoomResults = (roomId: string) =>
  useQuery(`live/rooms/${roomId}/results`, () =>
    apiGet<LiveResults>(`/rooms/${encodeURIComponent(roomId)}/results`),
  );
