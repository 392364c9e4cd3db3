import type { LiveRoomView } from '@questa/contracts';
import { useEffect, useState } from 'react';
import { remainingMs } from './use-live-channel';

/**
 * Whether the open question is in its teams' talk time: shown, with its answers opening at
 * `answersOpenAt` by the server's clock. The server refuses answers until then; this only keeps
 * the answer buttons away while they would be refused.
 */
export function useTalkTime(room: LiveRoomView | undefined, offsetMs: number): boolean {
  const talks = room?.state === 'question_open' && (room.teams?.talkSeconds ?? 0) > 0;
  const opensAt = talks ? (room?.answersOpenAt ?? null) : null;
  // The opening whose talk time is over, by this device's corrected clock (a page loaded after it
  // knows at once).
  const [over, setOver] = useState<string | null>(() =>
    opensAt !== null && remainingMs(opensAt, offsetMs) === 0 ? opensAt : null,
  );
  useEffect(() => {
    if (opensAt === null) return;
    const timer = setTimeout(() => setOver(opensAt), remainingMs(opensAt, offsetMs));
    return () => clearTimeout(timer);
  }, [opensAt, offsetMs]);
  return opensAt !== null && over !== opensAt;
}
