import type { ClassLiveRoomList, LiveRoomRequest, LiveRoomSummary } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { AuthContext } from '../auth/auth.service';
import type { ClassService } from '../classes/class.service';
import type { LiveService } from '../live/live.service';
import type { UserRow } from '../users/user.repository';
import type { ClassLiveRepository } from './class-live.repository';

/**
 * Live rooms of a class (decision 0033): its teacher or a workspace owner opens one, its learners
 * find it under To do and join with their accounts; the gradebook reads its results once finished.
 */
export function createClassLiveService(deps: {
  classes: Pick<ClassService, 'taught'>;
  live: Pick<LiveService, 'createRoom'>;
  rooms: ClassLiveRepository;
}) {
  return {
    async open(
      context: AuthContext,
      ref: { clientId: string; classId: string },
      input: LiveRoomRequest,
      requestId: string,
    ): Promise<LiveRoomSummary> {
      const taught = await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
      if (taught.archivedAt !== null) {
        throw new HttpProblem('class.archived', {
          detail: 'This class is archived: it plays no new live rooms.',
        });
      }
      const room = await deps.live.createRoom(context, input, requestId, { classId: ref.classId });
      return { ...room, className: taught.name };
    },

    async openForLearner(user: UserRow): Promise<ClassLiveRoomList> {
      return { rooms: await deps.rooms.openRoomsOfLearner(user.id) };
    },
  };
}

export type ClassLiveService = ReturnType<typeof createClassLiveService>;
