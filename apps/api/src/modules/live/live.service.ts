import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuthContext } from '../auth/auth.service';
import type { UserRow } from '../users/user.repository';
import { createLiveAnswering } from './live-answering';
import { createAnswerWindows } from './live-answer-windows';
import { createDatabaseClock } from './live-database-clock';
import { createLiveHostCommands } from './live-host-commands';
import { createInFlightAnswers } from './live-in-flight';
import type { LiveConnectionsRepository } from './live-connections.repository';
import { createLiveJoining } from './live-joining';
import { createPinnedRoomData } from './live-pinned';
import { createLiveQuestions } from './live-questions';
import { createLiveResults } from './live-results';
import { createLiveRooms } from './live-rooms';
import { createLiveTeams } from './live-teams';
import type { LiveTeamsRepository } from './live-teams.repository';
import { STORE_MARGIN_MS } from './live-timing';
import { createLiveViews } from './live-views';
import type { LiveModerationRepository } from './live-moderation.repository';
import { createLiveModeration } from './live.moderation';
import type { LiveRepository, PlayerRow } from './live.repository';
import type { RoomQuestions } from './room-questions';

/**
 * What a change of a room touches, from least to most: the answer count and who is connected
 * (the host's console only), who is in the room, the room's state (everyone's room view), and
 * every player's own score and rank.
 */
export type LiveChange = 'answers' | 'presence' | 'players' | 'room' | 'scores';

/** Who is on the other end of a live connection. */
export type LiveActor =
  | { role: 'host'; roomId: string; user: UserRow }
  | { role: 'player'; roomId: string; player: PlayerRow };

/**
 * Live quiz rooms: the state machine of a room (lobby → question_open → question_closed →
 * leaderboard → … → finished), players joining and coming back, answers and their points. All of
 * it is in the database, so any API process can serve any player and a restart loses nothing;
 * `changed` tells the live channel what to send after each change. Each part lives in its own
 * file, by what changes together: rooms, joining, the questions' clock, the host's commands,
 * answering, views and results.
 */
export function createLiveService(deps: {
  live: LiveRepository;
  unitOfWork: UnitOfWork;
  /** Where a new room's bank and questions come from. */
  roomQuestions: Pick<RoomQuestions, 'forRoom'>;
  /** The most players a room this host opens may hold (their plan decides). */
  playerLimit: (host: AuthContext, requestId: string) => Promise<number>;
  /** Called after every change of a room, once it is committed. */
  changed: (roomId: string, what: LiveChange) => void;
  /** Called when a question opens or resumes, with when it closes. */
  opened: (roomId: string, position: number, closesAt: Date, serverNow: Date) => void;
  /** The host's controls: locking the room, revealing answers by hand, banned nicknames. */
  moderation: LiveModerationRepository;
  /** Team mode: the host's teams, their sizes and standings. */
  teams: LiveTeamsRepository;
  /** Which process holds which player's connections (decision 0041). */
  connections: Pick<LiveConnectionsRepository, 'record'>;
  /** This process, as its players' connections are recorded under it. */
  processId: string;
  log: { warn: (details: object, message: string) => void };
}) {
  const { live } = deps;
  const pinned = createPinnedRoomData(live);
  // Declared before the views, which read the teams; changes reach the views through `changed`.
  const changed = (roomId: string, what: LiveChange) => {
    // A new state or new scores must reach a device coming back at once; counts of answers and
    // players may be a moment old (the coalesced update after them is read afresh).
    if (what === 'room' || what === 'scores') views.forget(roomId);
    deps.changed(roomId, what);
  };
  const teams = createLiveTeams({ teams: deps.teams, changed });
  const views = createLiveViews({ live, pinned, teams });
  const moderation = createLiveModeration({ moderation: deps.moderation, changed });
  const rooms = createLiveRooms(deps);
  const joining = createLiveJoining({
    live,
    moderation,
    changed,
    connections: deps.connections,
    processId: deps.processId,
  });
  const inFlight = createInFlightAnswers({ maxWaitMs: STORE_MARGIN_MS });
  const windows = createAnswerWindows();
  const questions = createLiveQuestions({
    live,
    unitOfWork: deps.unitOfWork,
    pinned,
    inFlight,
    windows,
    changed,
    opened: deps.opened,
  });
  const host = createLiveHostCommands({ live, rooms, questions, moderation, teams, changed });
  const clock = createDatabaseClock(() => live.databaseNow(), { resampleEveryMs: 10_000 });
  const answering = createLiveAnswering({
    live,
    pinned,
    clock,
    inFlight,
    windows,
    questions,
    changed,
    unstored: (roomId, playerId, position, why) => {
      // The player's own view no longer counts the answer; a second answer is not news.
      if (why === 'duplicate') return;
      deps.log.warn(
        { roomId, playerId, position, ...(why instanceof Error ? { err: why } : { reason: why }) },
        'live answer acknowledged but not stored',
      );
      changed(roomId, 'scores');
    },
  });
  const results = createLiveResults({ live, rooms, teams });

  return {
    createRoom: rooms.createRoom,
    listRooms: rooms.listRooms,
    ownRoom: rooms.ownRoom,
    join: joining.join,
    playerOf: joining.playerOf,
    setConnected: joining.setConnected,
    hostCommand: host.hostCommand,
    answer: answering.answer,
    closeQuestion: questions.closeQuestion,
    closeOverdue: questions.closeOverdue,
    roomView: views.roomView,
    consoleViews: views.consoleViews,
    playerViews: views.playerViews,
    playerView: views.playerView,
    /** Where rooms stand, for catching up connections that missed a view. */
    roomMarks: (roomIds: readonly string[]) => live.roomMarks(roomIds),
    results: results.results,
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
