import type { ClassLiveRoomList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const classLiveRoomsKey = 'live/class-rooms';

/** Rooms open now for the classes the signed-in learner is in. */
export const useClassLiveRooms = () =>
  useQuery(classLiveRoomsKey, () => apiGet<ClassLiveRoomList>('/classes/live-rooms'));
