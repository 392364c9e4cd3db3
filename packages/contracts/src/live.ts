import { z } from 'zod';
import { answerInput } from './answer';
import { ids } from './ids';
import { learnerQuestion } from './learning/learner-question';
import { LIVE_LIMITS as L, liveNicknameModes, liveRoomStates, liveScorings } from './rules/live';
import { QUESTION_LIMITS as Q } from './rules/questions';

/*
 * Live quiz rooms: what a host sends to open a room and a player to join it over HTTP, and the
 * typed messages both exchange over the live channel (Socket.IO at `/api/live`) afterwards.
 */

const iso = z.iso.datetime({ offset: true });

export const liveRoomSettings = z.strictObject({
  timerSeconds: z
    .number()
    .int()
    .min(L.timerMinSeconds)
    .max(L.timerMaxSeconds)
    .default(L.timerDefaultSeconds),
  scoring: z.enum(liveScorings).default('speed'),
  streakBonus: z.boolean().default(true),
  /** False: the question and its options show only on the host's big screen. */
  showQuestionOnDevices: z.boolean().default(true),
  maxPlayers: z.number().int().min(1).max(L.maxPlayers).default(L.maxPlayers),
  nicknames: z.enum(liveNicknameModes).default('typed'),
});
export type LiveRoomSettings = z.infer<typeof liveRoomSettings>;

export const liveRoomCreate = z
  .strictObject({
    bankId: ids.bank,
    count: z.number().int().min(L.questionsMin).max(L.questionsMax).default(L.questionsDefault),
    topic: z.string().trim().min(1).max(Q.topicMax).optional(),
    difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax).optional(),
    settings: liveRoomSettings.default(liveRoomSettings.parse({})),
  })
  .meta({
    examples: [
      {
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        count: 5,
        settings: { timerSeconds: 20, scoring: 'speed', streakBonus: true },
      },
    ],
  });
export type LiveRoomCreate = z.input<typeof liveRoomCreate>;
export type LiveRoomRequest = z.infer<typeof liveRoomCreate>;

export const liveRoomSummary = z.object({
  id: z.uuid(),
  code: z.string(),
  bankId: z.uuid(),
  bankTitle: z.string(),
  state: z.enum(liveRoomStates),
  questionCount: z.number().int(),
  playerCount: z.number().int(),
  createdAt: iso,
  finishedAt: iso.nullable(),
});
export type LiveRoomSummary = z.infer<typeof liveRoomSummary>;
export const liveRoomList = z.object({ rooms: z.array(liveRoomSummary) });

export const liveRoomParams = z.strictObject({
  roomId: z.uuid({ error: 'must be a room id' }).meta({
    description: 'A live room, as `POST /rooms` returned it.',
    example: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  }),
});

export const liveCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${L.codeLength}}$`), { error: `must be ${L.codeLength} digits` });

export const liveNickname = z.string().trim().min(L.nicknameMin).max(L.nicknameMax);

export const liveJoin = z
  .strictObject({
    code: liveCode,
    /** Left out when the room generates nicknames. */
    nickname: liveNickname.optional(),
  })
  .meta({ examples: [{ code: '482913', nickname: 'Quiz Whiz' }] });
export type LiveJoin = z.infer<typeof liveJoin>;

/** A player's place in a room. The token is kept on the device: it brings the same player back. */
export const liveJoined = z.object({
  roomId: z.uuid(),
  playerId: z.uuid(),
  nickname: z.string(),
  playerToken: z.string(),
});
export type LiveJoined = z.infer<typeof liveJoined>;

/* ---------- The live channel ---------- */

/** What a client sends; the server answers each with an acknowledgement (`liveAck`). */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('answer'),
    position: z.number().int().min(1).max(L.questionsMax),
    answer: answerInput,
  }),
  z.strictObject({ type: z.literal('host.start') }),
  /** Closes the open question now, before its deadline. */
  z.strictObject({ type: z.literal('host.close') }),
  /** question_closed → leaderboard → next question (or finished after the last). */
  z.strictObject({ type: z.literal('host.next') }),
  z.strictObject({ type: z.literal('host.pause') }),
  z.strictObject({ type: z.literal('host.resume') }),
  /** Drops the open question: nobody scores on it, and the game goes on. */
  z.strictObject({ type: z.literal('host.skip') }),
  z.strictObject({ type: z.literal('host.end') }),
  z.strictObject({ type: z.literal('host.kick'), playerId: z.uuid(), ban: z.boolean() }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;
export type LiveHostCommand = Exclude<LiveClientMessage, { type: 'answer' }>['type'];

export const liveAck = z.union([
  z.object({
    ok: z.literal(true),
    /** For an answer: when the server took it. Points come when the question closes. */
    receivedAt: iso.optional(),
  }),
  z.object({ ok: z.literal(false), code: z.string(), detail: z.string() }),
]);
export type LiveAck = z.infer<typeof liveAck>;

export const liveLeaderEntry = z.object({
  playerId: z.uuid(),
  nickname: z.string(),
  score: z.number().int(),
  rank: z.number().int(),
});
export type LiveLeaderEntry = z.infer<typeof liveLeaderEntry>;

/** How the answers to a closed question spread: one bar per option (or right/wrong). */
export const liveDistributionEntry = z.object({
  key: z.string(),
  label: z.string(),
  correct: z.boolean(),
  count: z.number().int(),
});

/** The room as everyone in it sees it: sent to the whole room on every change. */
export const liveRoomView = z.object({
  id: z.uuid(),
  code: z.string(),
  bankTitle: z.string(),
  state: z.enum(liveRoomStates),
  settings: liveRoomSettings,
  /** 1-based; 0 in the lobby. */
  position: z.number().int(),
  questionCount: z.number().int(),
  /** The open or just closed question (its stem stays off the phones when the host says so). */
  question: learnerQuestion.nullable(),
  /** When the open question closes, by the server's clock (a player's extra time comes on top). */
  deadline: iso.nullable(),
  serverNow: iso,
  paused: z.boolean(),
  answered: z.number().int(),
  playerCount: z.number().int(),
  /** After a question closes: its answer and how the room answered. */
  reveal: z
    .object({
      answerText: z.string(),
      distribution: z.array(liveDistributionEntry),
      skipped: z.boolean(),
    })
    .nullable(),
  /** On the leaderboard and at the end. */
  leaderboard: z.array(liveLeaderEntry).nullable(),
});
export type LiveRoomView = z.infer<typeof liveRoomView>;

/** What one player sees of themselves: sent to that player only. */
export const livePlayerView = z.object({
  playerId: z.uuid(),
  nickname: z.string(),
  score: z.number().int(),
  streak: z.number().int(),
  rank: z.number().int().nullable(),
  /** The position the player has answered most recently, so a reload shows "answer sent". */
  answeredPosition: z.number().int(),
  /** Their extra time in ms on each question (an accommodation). */
  extraMs: z.number().int(),
  lastResult: z
    .object({ position: z.number().int(), correct: z.boolean(), points: z.number().int() })
    .nullable(),
  kicked: z.boolean(),
});
export type LivePlayerView = z.infer<typeof livePlayerView>;

/** What the host sees besides the room: who is there. */
export const liveHostView = z.object({
  players: z.number().int(),
  connected: z.number().int(),
  latest: z.array(z.object({ playerId: z.uuid(), nickname: z.string(), connected: z.boolean() })),
});
export type LiveHostView = z.infer<typeof liveHostView>;

/** Server → client events and their payloads. */
export interface LiveServerEvents {
  room: (view: LiveRoomView) => void;
  you: (view: LivePlayerView) => void;
  host: (view: LiveHostView) => void;
}

/** Client → server: one event carries every message, answered by an acknowledgement. */
export interface LiveClientEvents {
  message: (message: unknown, ack: (result: LiveAck) => void) => void;
}

/* ---------- After the game ---------- */

export const liveResultQuestion = z.object({
  position: z.number().int(),
  stem: z.string(),
  type: z.string(),
  answered: z.number().int(),
  correctShare: z.number(),
  averageMs: z.number().nullable(),
  distribution: z.array(liveDistributionEntry),
});
export const liveResultPlayer = z.object({
  playerId: z.uuid(),
  nickname: z.string(),
  rank: z.number().int(),
  score: z.number().int(),
  correct: z.number().int(),
  answered: z.number().int(),
  signedIn: z.boolean(),
});
export const liveResults = z.object({
  room: liveRoomSummary,
  players: z.array(liveResultPlayer),
  questions: z.array(liveResultQuestion),
});
export type LiveResults = z.infer<typeof liveResults>;
