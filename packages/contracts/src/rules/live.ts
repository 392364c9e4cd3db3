import type { QuestionType } from './questions';

/** Live quiz rooms: codes, nicknames, timers and sizes. */
export const LIVE_LIMITS = {
  codeLength: 6,
  nicknameMin: 1,
  nicknameMax: 20,
  timerMinSeconds: 5,
  timerMaxSeconds: 240,
  timerDefaultSeconds: 20,
  maxPlayers: 2000,
  questionsMin: 1,
  questionsMax: 50,
  questionsDefault: 10,
  /** Names shown in the host's lobby as players arrive. */
  latestNames: 12,
  leaderboardSize: 10,
  /** The largest message a client may send over the live channel, in bytes. */
  messageMaxBytes: 8 * 1024,
  /** Messages a connection may send per second before it is told to slow down. */
  messagesPerSecond: 10,
  /**
   * Wrong codes one device may try per minute: six digits must not be enumerable. Joins with a
   * right code do not count, so a whole class behind one school address can join at once.
   */
  wrongCodesPerMinute: 20,
  /**
   * Wrong codes one address may try per minute, all its devices together: a school's address
   * holds hundreds of phones, and one of them mistyping must not lock the others out.
   */
  wrongCodesPerAddressPerMinute: 200,
  /** Players one device may join a room as, per ten minutes: its token brings it back anyway. */
  joinsPerDevicePerRoom: 5,
} as const;

/**
 * The question types a live room can ask: answered in seconds on a phone. Matching and cloze need
 * more room and time than a live question gives; a hotspot is one tap on the picture.
 */
export const liveQuestionTypes = [
  'single_choice',
  'multiple_response',
  'true_false',
  'numeric',
  'short_text',
  'ordering',
  'hotspot',
] as const satisfies readonly QuestionType[];
export type LiveQuestionType = (typeof liveQuestionTypes)[number];

export const liveScorings = ['speed', 'accuracy'] as const;
export type LiveScoring = (typeof liveScorings)[number];

export const liveNicknameModes = ['typed', 'generated'] as const;

/** PRODUCT §4: lobby → question_open → question_closed → leaderboard → … → finished. */
export const liveRoomStates = [
  'lobby',
  'question_open',
  'question_closed',
  'leaderboard',
  'finished',
] as const;
export type LiveRoomState = (typeof liveRoomStates)[number];

/**
 * Team mode: the host splits the room into teams in the lobby; a team's score is its members'
 * average, and each question can give teams a moment to talk before answers open.
 */
export const LIVE_TEAMS = {
  min: 2,
  max: 8,
  /** The talk times a host may choose, in seconds; 0 opens answers with the question. */
  talkSeconds: [0, 5, 10, 15],
  talkSecondsDefault: 10,
  /** Players the host's console lists by team, so the host can move them between teams. */
  rosterMax: 500,
  /** The longest name a host may give a team: one line on a phone. */
  nameMax: 24,
} as const;
export type LiveTalkSeconds = (typeof LIVE_TEAMS.talkSeconds)[number];

/**
 * Each team's colour, by its number (team 1 is red); the screens name a team by its colour, in
 * the player's language, and never by colour alone.
 */
export const liveTeamColours = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'orange',
  'teal',
  'pink',
] as const satisfies { length: typeof LIVE_TEAMS.max };
export type LiveTeamColour = (typeof liveTeamColours)[number];
