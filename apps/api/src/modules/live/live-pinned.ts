import { LRUCache } from 'lru-cache';
import type { LiveRepository, PinnedLiveQuestion, RoomRow } from './live.repository';

/**
 * What a room fixes when it opens and never changes: its pinned questions and its settings. The
 * answer path and the views read them from here instead of the database; bounded, the least
 * recently used dropped first.
 */
export function createPinnedRoomData(live: Pick<LiveRepository, 'question' | 'findRoom'>) {
  const questions = new LRUCache<string, PinnedLiveQuestion>({ max: 5_000 });
  const settings = new LRUCache<string, RoomRow['settings']>({ max: 5_000 });
  return {
    async question(roomId: string, position: number) {
      const key = `${roomId}:${position}`;
      let question = questions.get(key);
      if (!question) {
        question = await live.question(roomId, position);
        if (question) questions.set(key, question);
      }
      return question;
    },
    async settings(roomId: string) {
      let found = settings.get(roomId);
      if (!found) {
        found = (await live.findRoom(roomId))?.settings;
        if (found) settings.set(roomId, found);
      }
      return found;
    },
  };
}

export type PinnedRoomData = ReturnType<typeof createPinnedRoomData>;
