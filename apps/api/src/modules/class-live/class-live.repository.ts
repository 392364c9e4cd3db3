import type { ClassLiveRoom } from '@questa/contracts';
import type { ApiDb } from '../../db/tables';

/** Class rooms as their learners see them: which are open now for the classes they are in. */
export function createClassLiveRepository(db: ApiDb) {
  return {
    /** Rooms not finished yet of the learner's classes, newest first. */
    async openRoomsOfLearner(userId: string): Promise<ClassLiveRoom[]> {
      return db
        .selectFrom('live_rooms as r')
        .innerJoin('class_members as m', 'm.class_id', 'r.class_id')
        .innerJoin('classes as c', 'c.id', 'r.class_id')
        .select([
          'r.id as roomId',
          'r.code',
          'c.id as classId',
          'c.name as className',
          'r.bank_title as bankTitle',
          'r.state',
        ])
        .where('m.user_id', '=', userId)
        .where('r.state', '<>', 'finished')
        .where('c.archived_at', 'is', null)
        .orderBy('r.created_at', 'desc')
        .limit(20)
        .execute();
    },
  };
}

export type ClassLiveRepository = ReturnType<typeof createClassLiveRepository>;
