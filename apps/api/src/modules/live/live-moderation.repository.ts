import { sql } from '@questa/db';
import type { ApiDb } from '../../db/tables';

/** The statements behind a host's controls of a room: locking it, revealing an answer, bans. */
export function createLiveModerationRepository(db: ApiDb) {
  return {
    /** False when the room is finished or gone: a finished room has nothing left to lock. */
    async setLocked(roomId: string, locked: boolean) {
      const result = await db
        .updateTable('live_rooms')
        .set({ locked })
        .where('id', '=', roomId)
        .where('state', '<>', 'finished')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Shows the answer of the closed question at `position`, if the room is still there. */
    async reveal(roomId: string, position: number) {
      const result = await db
        .updateTable('live_rooms')
        .set({ revealed_position: position })
        .where('id', '=', roomId)
        .where('state', '=', 'question_closed')
        .where('position', '=', position)
        .where('revealed_position', '<>', position)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Whether the host removed a player of this nickname for good (any case). */
    async nicknameBanned(roomId: string, nickname: string) {
      const row = await db
        .selectFrom('live_players')
        .select('id')
        .where('room_id', '=', roomId)
        .where('banned', '=', true)
        .where(sql<string>`lower(nickname)`, '=', nickname.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type LiveModerationRepository = ReturnType<typeof createLiveModerationRepository>;
