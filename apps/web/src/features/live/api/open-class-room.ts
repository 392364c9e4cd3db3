import type { LiveRoomCreate, LiveRoomSummary } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { invalidateQueries } from '../../../lib/use-query';

/** The class a room is opened for, in its workspace. */
export interface ClassRef {
  clientId: string;
  classId: string;
}

/** Opens a room for a class: only its learners join, and its results go to the gradebook. */
export function openClassRoom(ref: ClassRef, input: LiveRoomCreate) {
  return apiRequest<LiveRoomSummary>(
    `/teaching/clients/${encodeURIComponent(ref.clientId)}/classes/${encodeURIComponent(ref.classId)}/live-rooms`,
    { method: 'POST', body: input },
  );
}

export function useOpenClassRoom(ref: ClassRef) {
  return useMutation(async (input: LiveRoomCreate) => {
    const room = await openClassRoom(ref, input);
    await invalidateQueries('live/rooms');
    return room;
  });
}
