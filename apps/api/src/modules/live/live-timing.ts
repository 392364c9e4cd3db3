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

/**
 * An answer that arrives this little before the question's answers open still counts (as given
 * at the opening): its arrival is stamped by this process's estimate of the database's clock,
 * which may be a little off. Only the teams' talk time opens answers after the question shows.
 */
export const EARLY_TOLERANCE_MS = 250;

/** How long teams talk before a question's answers open: nothing outside team mode. */
export const talkMsOf = (room: Pick<RoomRow, 'teams'>) => (room.teams?.talkSeconds ?? 0) * 1000;

/** How often each API process tells the others it is alive and sweeps for those that are not. */
export const HEARTBEAT_EVERY_MS = 2000;

/**
 * A process not heard from for this long is given up, and its players' connections with it: long
 * enough for a busy event loop to miss a few heartbeats, short enough for the host's count of
 * connected players to be right a few seconds after a process dies.
 */
export const HEARTBEAT_LAPSE_MS = 8000;
