import { z } from 'zod';
import { answerInput } from './answer';
import { ids } from './ids';
import { problemCodes } from './problem';
import { learnerQuestion } from './learning/learner-question';
import { learnerPassage } from './passage';
import { pageCursor } from './admin';
import { tenantRoles } from './rules/access';
import {
  LIVE_LIMITS as L,
  LIVE_TEAMS as T,
  liveNicknameModes,
  liveQuestionTypes,
  liveRoomStates,
  liveScorings,
} from './rules/live';
import { bankVisibilities, QUESTION_LIMITS as Q } from './rules/questions';

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
  /**
   * True: when a question closes the right answer stays hidden, on the big screen and the phones,
   * until the host reveals it (`host.reveal`), so the room can talk it over first.
   */
  revealManually: z.boolean().optional(),
});
export type LiveRoomSettings = z.infer<typeof liveRoomSettings>;

/** How a room's questions are chosen: drawn at random from the bank, or picked by the host. */
export const liveQuestionChoice = z.discriminatedUnion('mode', [
  z.strictObject({
    mode: z.literal('draw'),
    count: z.number().int().min(L.questionsMin).max(L.questionsMax).default(L.questionsDefault),
    topic: z.string().trim().min(1).max(Q.topicMax).optional(),
    difficulty: z.number().int().min(Q.difficultyMin).max(Q.difficultyMax).optional(),
  }),
  z.strictObject({
    mode: z.literal('pick'),
    /** Asked in this order. */
    questionIds: z
      .array(ids.question)
      .min(L.questionsMin)
      .max(L.questionsMax)
      .refine((picked) => new Set(picked).size === picked.length, {
        error: 'names a question more than once',
      }),
  }),
]);
export type LiveQuestionChoice = z.infer<typeof liveQuestionChoice>;

export const liveRoomCreate = z
  .strictObject({
    bankId: ids.bank,
    clientId: ids.client.optional().meta({
      description:
        'The bank’s tenant, when it is a tenant you belong to: its questions are then read with your own access, private banks included. Left out for a bank of the catalog.',
      example: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
    }),
    questions: liveQuestionChoice.default({ mode: 'draw', count: L.questionsDefault }),
    settings: liveRoomSettings.default(liveRoomSettings.parse({})),
  })
  .meta({
    examples: [
      {
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        questions: { mode: 'draw', count: 5, topic: 'Rivers' },
        settings: { timerSeconds: 20, scoring: 'speed', streakBonus: true },
      },
      {
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        clientId: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
        questions: {
          mode: 'pick',
          questionIds: [
            '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d',
            '8b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
          ],
        },
      },
      {
        bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
        questions: { mode: 'pick', questionIds: ['3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d'] },
      },
    ],
  });
export type LiveRoomCreate = z.input<typeof liveRoomCreate>;
export type LiveRoomRequest = z.infer<typeof liveRoomCreate>;

/** A bank a host may open a room from. */
export const liveHostBank = z.object({
  id: z.uuid(),
  clientId: z.uuid(),
  title: z.string(),
  visibility: z.enum(bankVisibilities),
  /** In the catalog: published questions. In the host's own tenant: every question, drafts too. */
  questionCount: z.number().int(),
});
export type LiveHostBank = z.infer<typeof liveHostBank>;

/** The banks a host may open a room from, as the host's bank picker groups them. */
export const liveHostBanks = z.object({
  /** Public and premium banks of tenants the host does not belong to: drawn or picked by hand. */
  catalog: z.array(liveHostBank),
  /** The host's own tenants and their banks, private ones too: drawn or picked by hand. */
  tenants: z.array(
    z.object({
      clientId: z.uuid(),
      name: z.string(),
      role: z.enum(tenantRoles),
      banks: z.array(liveHostBank),
    }),
  ),
});
export type LiveHostBanks = z.infer<typeof liveHostBanks>;

export const liveCandidateQuery = z.strictObject({
  clientId: ids.client.optional().meta({
    description:
      'The bank’s tenant, when it is one you belong to (as for `POST /rooms`). Left out for a bank of the catalog.',
    example: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
  }),
  q: z.string().trim().min(1).max(Q.searchMax).optional().meta({
    description: 'Full-text search over stem, options and explanation.',
    example: 'river',
  }),
  cursor: pageCursor,
});
export type LiveCandidateQuery = z.infer<typeof liveCandidateQuery>;

/** A question a host may pick for a room: published, of a type a live room can ask. */
export const liveCandidate = z.object({
  id: z.uuid(),
  /** The published version, the one the room will pin. */
  version: z.number().int().positive(),
  type: z.enum(liveQuestionTypes),
  topic: z.string(),
  difficulty: z.number().int(),
  /** The stem's first line, shortened; Markdown as written. */
  excerpt: z.string(),
});
export type LiveCandidate = z.infer<typeof liveCandidate>;
export const liveCandidateList = z.object({
  questions: z.array(liveCandidate),
  /** Pass as `cursor` for more; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LiveCandidateList = z.infer<typeof liveCandidateList>;

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
  /**
   * The class the room was opened for, whose learners alone may join (decision 0033); null for
   * any other room. In the host's list of rooms and when a class's room is opened.
   */
  className: z.string().nullable().optional(),
});
export type LiveRoomSummary = z.infer<typeof liveRoomSummary>;
export const liveRoomList = z.object({ rooms: z.array(liveRoomSummary) });
export type LiveRoomList = z.infer<typeof liveRoomList>;

/** A room open now for a class the learner is in: joined in one click, with their account. */
export const classLiveRoom = z.object({
  roomId: z.uuid(),
  code: z.string(),
  classId: z.uuid(),
  className: z.string(),
  bankTitle: z.string(),
  state: z.enum(liveRoomStates),
});
export type ClassLiveRoom = z.infer<typeof classLiveRoom>;
export const classLiveRoomList = z.object({ rooms: z.array(classLiveRoom) });
export type ClassLiveRoomList = z.infer<typeof classLiveRoomList>;

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

/**
 * A guest keeps their result by signing in after the game: the token their device got when
 * joining proves the player is theirs. Sent in the body, never in an address, where logs and
 * browser history would keep it.
 */
export const liveClaim = z
  .strictObject({ playerToken: z.string().min(1).max(200) })
  .meta({ examples: [{ playerToken: 'mG7x1bQk2v9RZ0pLw3cY8aTn5dUe4fHs' }] });
export type LiveClaim = z.infer<typeof liveClaim>;

export const liveClaimed = z.object({
  roomId: z.uuid(),
  playerId: z.uuid(),
  nickname: z.string(),
  score: z.number().int(),
  /** Answers that now count in the user's progress and reviews; 0 when the player was theirs already. */
  answersRecorded: z.number().int(),
});
export type LiveClaimed = z.infer<typeof liveClaimed>;

/* ---------- The live channel ---------- */

/** A team of a room, by its number: 1 to the room's number of teams (its colour says which). */
const liveTeam = z.number().int().min(1).max(T.max);

/** How a room plays in teams: how many, and the talk time before each question's answers open. */
export const liveTeamSetup = z.strictObject({
  count: z.number().int().min(T.min).max(T.max),
  talkSeconds: z.literal(T.talkSeconds, {
    error: `must be one of ${T.talkSeconds.join(', ')} seconds`,
  }),
});
export type LiveTeamSetup = z.infer<typeof liveTeamSetup>;

/** A name the host gave a team, shown instead of its colour's name (the colour stays beside it). */
const liveTeamName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(T.nameMax, { error: `must be at most ${T.nameMax} characters` });

/** The teams the host has named, by team number ("1" to "8"); the others go by their colour. */
export const liveTeamNames = z.record(z.string().regex(new RegExp(`^[1-${T.max}]$`)), z.string());
export type LiveTeamNames = z.infer<typeof liveTeamNames>;

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
  /** Removes a player; with `ban`, their nickname (and account) cannot come back into the room. */
  z.strictObject({ type: z.literal('host.kick'), playerId: z.uuid(), ban: z.boolean() }),
  /** Nobody new may join; players already in the room stay and come back after a reload. */
  z.strictObject({ type: z.literal('host.lock') }),
  z.strictObject({ type: z.literal('host.unlock') }),
  /** Shows the closed question's right answer, in a room that reveals answers manually. */
  z.strictObject({ type: z.literal('host.reveal') }),
  /**
   * In the lobby: plays in teams (null: every player for themselves). A new number of teams deals
   * the players out again at random; a new talk time alone keeps everyone where they are.
   */
  z.strictObject({ type: z.literal('host.teams'), teams: liveTeamSetup.nullable() }),
  /** In the lobby: deals every player out again at random, the teams' sizes differing by one at most. */
  z.strictObject({ type: z.literal('host.teams.shuffle') }),
  /** In the lobby: moves one player to another team. */
  z.strictObject({ type: z.literal('host.teams.move'), playerId: z.uuid(), team: liveTeam }),
  /** In the lobby: names a team; null gives it back its colour's name. */
  z.strictObject({
    type: z.literal('host.teams.rename'),
    team: liveTeam,
    name: liveTeamName.nullable(),
  }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;
export type LiveHostCommand = Exclude<LiveClientMessage, { type: 'answer' }>['type'];

/**
 * Who may send each message over the live channel: the channel refuses anyone else before the
 * message reaches a room. A new message must name its sender here or the contracts do not build.
 */
export const liveMessageSenders = {
  answer: 'player',
  'host.start': 'host',
  'host.close': 'host',
  'host.next': 'host',
  'host.pause': 'host',
  'host.resume': 'host',
  'host.skip': 'host',
  'host.end': 'host',
  'host.kick': 'host',
  'host.lock': 'host',
  'host.unlock': 'host',
  'host.reveal': 'host',
  // Teams are the host's to make: a player never chooses or changes their own.
  'host.teams': 'host',
  'host.teams.shuffle': 'host',
  'host.teams.move': 'host',
  'host.teams.rename': 'host',
} as const satisfies Record<LiveClientMessage['type'], 'host' | 'player'>;

export const liveAck = z.union([
  z.object({
    ok: z.literal(true),
    /** For an answer: when the server took it. Points come when the question closes. */
    receivedAt: iso.optional(),
  }),
  z.object({ ok: z.literal(false), code: z.enum(problemCodes), detail: z.string() }),
]);
export type LiveAck = z.infer<typeof liveAck>;

export const liveLeaderEntry = z.object({
  playerId: z.uuid(),
  nickname: z.string(),
  score: z.number().int(),
  rank: z.number().int(),
  /**
   * On the leaderboard between questions: the rank before the question just played (ties share
   * one), so the big screen can show who went up.
   */
  previousRank: z.number().int().optional(),
});
export type LiveLeaderEntry = z.infer<typeof liveLeaderEntry>;

/**
 * A team on the leaderboard: its score is the average of its counted members' scores, rounded,
 * and teams with the same score share a rank.
 */
export const liveTeamEntry = z.object({
  team: liveTeam,
  score: z.number().int(),
  rank: z.number().int(),
  /** Players in the team now. */
  members: z.number().int(),
  /** Members whose score makes the average: those who have answered at least once. */
  counted: z.number().int(),
  /** On the leaderboard between questions: the team's rank before the question just played. */
  previousRank: z.number().int().optional(),
});
export type LiveTeamEntry = z.infer<typeof liveTeamEntry>;

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
  /** The passage the open or just closed question is read with, when it belongs to a group. */
  passage: learnerPassage.nullable().optional(),
  /** When the open question closes, by the server's clock (a player's extra time comes on top). */
  deadline: iso.nullable(),
  serverNow: iso,
  paused: z.boolean(),
  answered: z.number().int(),
  playerCount: z.number().int(),
  /** Nobody new may join (the host locked the room). */
  locked: z.boolean().optional(),
  /** After a question closes: its answer and how the room answered. */
  reveal: z
    .object({
      answerText: z.string(),
      distribution: z.array(liveDistributionEntry),
      skipped: z.boolean(),
      /**
       * False while a room that reveals answers manually waits for the host: the answer text is
       * empty and no bar is marked correct, so no phone can read the answer early.
       */
      answerShown: z.boolean().optional(),
    })
    .nullable(),
  /** On the leaderboard and at the end. */
  leaderboard: z.array(liveLeaderEntry).nullable(),
  /** A room that plays in teams: the setup and how many players each team has. */
  teams: liveTeamSetup
    .extend({ sizes: z.array(z.number().int()), names: liveTeamNames.optional() })
    .nullable()
    .optional(),
  /**
   * While a question is open: when its answers open, by the server's clock. Later than now during
   * the teams' talk time, when the server refuses answers (`live.talk_time`).
   */
  answersOpenAt: iso.nullable().optional(),
  /**
   * Counts the changes of the room's teams: a device whose view has an older count has missed
   * one (its own team may have changed too).
   */
  teamsRevision: z.number().int().optional(),
  /** On the leaderboard and at the end of a room that plays in teams: every team, ranked. */
  teamLeaderboard: z.array(liveTeamEntry).nullable().optional(),
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
  /** The player's team, in a room that plays in teams. */
  team: liveTeam.nullable().optional(),
});
export type LivePlayerView = z.infer<typeof livePlayerView>;

/** What the host sees besides the room: who is there. */
export const liveHostView = z.object({
  /** The class the room is for, whose learners alone may join; null for any other room. */
  className: z.string().nullable().optional(),
  players: z.number().int(),
  connected: z.number().int(),
  latest: z.array(z.object({ playerId: z.uuid(), nickname: z.string(), connected: z.boolean() })),
  /**
   * In a room that plays in teams: its players with their teams (up to `LIVE_TEAMS.rosterMax`),
   * in the order they joined, for the host to move between teams.
   */
  roster: z
    .array(
      z.object({
        playerId: z.uuid(),
        nickname: z.string(),
        connected: z.boolean(),
        team: liveTeam.nullable(),
      }),
    )
    .nullable()
    .optional(),
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
  /** In a room that played in teams. */
  team: liveTeam.nullable(),
});
export const liveResults = z.object({
  room: liveRoomSummary,
  players: z.array(liveResultPlayer),
  /** A room that played in teams: the teams ranked as on the podium; empty otherwise. */
  teams: z.array(liveTeamEntry),
  questions: z.array(liveResultQuestion),
});
export type LiveResults = z.infer<typeof liveResults>;
