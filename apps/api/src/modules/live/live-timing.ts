import type { RoomRow } from './live.repository';

/** How long a player has for the open question: the timer, with their extra time. */
export const limitMsOf = (room: Pick<RoomRow, 'settings'>, extraTimePercent: number) =>
  Math.round(room.settings.timerSeconds * 1000 * (1 + extraTimePercent / 100));

/**
 * Answers that arrive within this much of a player's deadline still count: the deadline is the
 * server's, and a message sent just in time spends a moment on the network.
 */
export const NETWORK_GRACE_MS = 500;

/**
 * A player whose connection dropped is waited for this long before the room closes a question
 * early without them: phones on a school's Wi-Fi drop for a second and come back.
 */
export const RECONNECT_GRACE_MS = 3000;

/**
 * A question stays open this much longer than answers are taken: an answer that came just in
 * time, in any process, has this long to be stored before the question closes and is scored.
 */
export const STORE_MARGIN_MS = 1000;
