import { createHash, randomBytes, randomInt } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  generatedNickname,
  isOffensiveNickname,
  LIVE_LIMITS,
  type AnswerInput,
  type LiveClientMessage,
  type LiveHostView,
  type LiveJoin,
  type LiveJoined,
  type LivePlayerView,
  type LiveResults,
  type LiveRoomRequest,
  type LiveRoomSummary,
  type LiveRoomView,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import {
  accuracyPoints,
  grade,
  presentedValues,
  presentQuestion,
  speedPoints,
} from '@questa/scoring';
import { batchedWrites } from '../../db/batched-writes';
import type { UnitOfWork } from '../../db/unit-of-work';
import { recordAnswers } from '../learning/answer-recorder';
import type { AuthContext } from '../auth/auth.service';
import type { UserRow } from '../users/user.repository';
import { answerText, distribution, forTheRoom, shownResultPosition } from './live-present';
import type { LiveModerationRepository } from './live-moderation.repository';
import { withPreviousRanks } from './live-standings';
import {
  answerWithheld,
  createLiveModeration,
  shownReveal,
  withheldPlayerView,
} from './live.moderation';
import type { LiveRepository, PinnedLiveQuestion, PlayerRow, RoomRow } from './live.repository';
import type { RoomQuestions } from './room-questions';

const roomNotFound = () =>
  new HttpProblem('live.room_not_found', {
    detail: 'There is no open room with this code. Check the code on the big screen.',
  });

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * What a change of a room touches, from least to most: the answer count (the host's), who is in
 * the room, the room's state (everyone's room view), and every player's own score and rank.
 */
export type LiveChange = 'answers' | 'players' | 'room' | 'scores';

/** Who is on the other end of a live connection. */
export type LiveActor =
  | { role: 'host'; roomId: string; user: UserRow }
  | { role: 'player'; roomId: string; player: PlayerRow };

/** How long a player has for the open question: the timer, with their extra time. */
const limitMsOf = (room: Pick<RoomRow, 'settings'>, extraTimePercent: number) =>
  Math.round(room.settings.timerSeconds * 1000 * (1 + extraTimePercent / 100));

/**
 * Answers that arrive within this much of a player's deadline still count: the deadline is the
 * server's, and a message sent just in time spends a moment on the network.
 */
const NETWORK_GRACE_MS = 500;

/** How long after the latest answer the room checks whether everyone has answered. */
const EVERYONE_CHECK_AFTER_MS = 100;

/**
 * Live quiz rooms: the state machine of a room (lobby → question_open → question_closed →
 * leaderboard → … → finished), players joining and coming back, answers and their points. All of
 * it is in the database, so any API process can serve any player and a restart loses nothing;
 * `changed` tells the live channel what to send after each change.
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
}) {
  const { live } = deps;
  const moderation = createLiveModeration({ moderation: deps.moderation, changed: deps.changed });

  // A room's questions are pinned when it opens and never change: each answer reads its question
  // from here instead of the database. Bounded, the least recently used dropped first.
  const questionCache = new LRUCache<string, PinnedLiveQuestion>({ max: 5_000 });
  async function pinnedQuestion(roomId: string, position: number) {
    const key = `${roomId}:${position}`;
    let question = questionCache.get(key);
    if (!question) {
      question = await live.question(roomId, position);
      if (question) questionCache.set(key, question);
    }
    return question;
  }

  // A room's answers arrive in bursts (everyone answers within seconds): those that come while one
  // batch is being stored go together in the next statement.
  const storeAnswer = batchedWrites(live.insertAnswers, { maxBatch: 500 });

  // A room's settings are fixed when it opens; answers read them from here. Bounded too.
  const settingsCache = new LRUCache<string, RoomRow['settings']>({ max: 5_000 });
  async function roomSettings(roomId: string) {
    let settings = settingsCache.get(roomId);
    if (!settings) {
      settings = (await live.findRoom(roomId))?.settings;
      if (settings) settingsCache.set(roomId, settings);
    }
    return settings;
  }

  async function createRoom(
    host: AuthContext,
    input: LiveRoomRequest,
    requestId: string,
  ): Promise<LiveRoomSummary> {
    // Read from the question database before the unit of work: it must not wait on another service.
    const { bank, questions: chosen } = await deps.roomQuestions.forRoom(host, input, requestId);
    // A learner's plan may hold rooms to fewer players than a room can have; the room keeps that.
    const maxPlayers = Math.min(input.settings.maxPlayers, await deps.playerLimit(host, requestId));
    const questions = chosen.map((question) => ({
      questionId: question.questionId,
      version: question.version,
      content: question.content,
      // One order of options for the whole room: the big screen and every phone agree.
      presented: presentQuestion(question.content, Math.random),
      passage: question.passage ?? null,
    }));
    for (let tries = 0; tries < 20; tries++) {
      const code = String(randomInt(0, 10 ** LIVE_LIMITS.codeLength)).padStart(
        LIVE_LIMITS.codeLength,
        '0',
      );
      const roomId = await deps.unitOfWork(async (work) =>
        work.live.createRoom(
          {
            code,
            hostUserId: host.user.id,
            clientId: bank.clientId,
            bankId: bank.id,
            bankTitle: bank.title,
            settings: { ...input.settings, maxPlayers },
          },
          questions,
        ),
      );
      if (roomId) return summaryOf((await live.findRoom(roomId))!, 0);
    }
    throw new HttpProblem('unavailable', { detail: 'No free room code was found; try again.' });
  }

  const summaryOf = (room: RoomRow, playerCount: number): LiveRoomSummary => ({
    id: room.id,
    code: room.code,
    bankId: room.bankId,
    bankTitle: room.bankTitle,
    state: room.state,
    questionCount: room.questionCount,
    playerCount,
    createdAt: room.createdAt,
    finishedAt: room.finishedAt,
  });

  async function ownRoom(user: UserRow, roomId: string) {
    const room = await live.findRoom(roomId);
    if (!room || room.hostUserId !== user.id) {
      throw new HttpProblem('not_found', { detail: 'You host no such room.' });
    }
    return room;
  }

  async function join(user: UserRow | null, input: LiveJoin): Promise<LiveJoined> {
    const room = await live.findOpenRoomByCode(input.code);
    if (!room) throw roomNotFound();
    const token = randomBytes(24).toString('base64url');

    // A signed-in player who is already in the room comes back as themselves.
    if (user) {
      const existing = await live.playerOfUser(room.id, user.id);
      if (existing?.banned) {
        throw new HttpProblem('auth.forbidden', {
          detail: 'The host has removed you from this room.',
        });
      }
      if (existing && !existing.kicked) {
        await live.replaceToken(existing.id, hashToken(token));
        return {
          roomId: room.id,
          playerId: existing.id,
          nickname: existing.nickname,
          playerToken: token,
        };
      }
    }
    const generated = room.settings.nicknames === 'generated';
    await moderation.admit(room, generated ? undefined : input.nickname);
    const { players } = await live.countPlayers(room.id);
    if (players >= room.settings.maxPlayers) {
      throw new HttpProblem('live.room_full', {
        detail: `This room is full (${room.settings.maxPlayers} players).`,
      });
    }
    for (let tries = 0; tries < (generated ? 10 : 1); tries++) {
      const nickname = generated ? generatedNickname(Math.random) : input.nickname;
      if (!nickname) {
        throw new HttpProblem('validation.failed', {
          detail: 'Choose a nickname.',
          errors: [{ field: 'nickname', message: 'required' }],
        });
      }
      if (!generated && isOffensiveNickname(nickname)) {
        throw new HttpProblem('validation.failed', {
          detail: 'Choose another nickname: this one is not allowed here.',
          errors: [{ field: 'nickname', message: 'not allowed' }],
        });
      }
      const added = await live.addPlayer({
        roomId: room.id,
        nickname,
        userId: user?.id ?? null,
        tokenHash: hashToken(token),
        extraTimePercent: user?.extraTimePercent ?? 0,
      });
      if (added !== 'nickname_taken') {
        deps.changed(room.id, 'players');
        return {
          roomId: room.id,
          playerId: added.id,
          nickname: added.nickname,
          playerToken: token,
        };
      }
    }
    throw new HttpProblem('live.nickname_taken', {
      detail: 'Someone in this room already has this nickname. Choose another.',
      errors: [{ field: 'nickname', message: 'taken' }],
    });
  }

  /** The player a device's token names, if it is still in the room. */
  async function playerOf(roomId: string, token: string) {
    const player = await live.playerByToken(hashToken(token));
    return player && player.roomId === roomId && !player.kicked ? player : undefined;
  }

  /* ---------- the room's state machine ---------- */

  async function openQuestion(room: RoomRow, position: number) {
    // The room stays open for the slowest clock in it: players with extra time.
    const extra = await live.maxExtraTimePercent(room.id);
    const opened = await live.transition(room.id, {
      from: [room.state],
      position: room.position,
      set: {
        state: 'question_open',
        position,
        openForMs: limitMsOf(room, extra) + NETWORK_GRACE_MS,
      },
    });
    if (opened) announceOpen(opened);
    return opened;
  }

  function announceOpen(room: RoomRow) {
    deps.changed(room.id, 'room');
    deps.opened(room.id, room.position, new Date(room.deadline!), new Date(room.serverNow));
  }

  /**
   * Closes the open question at `position` (its deadline passed, the host closed it, or everyone
   * answered) and scores it, once: of several callers racing, one wins and the others do nothing.
   * Players with extra time keep answering until theirs runs out: the room closes for them last.
   */
  async function closeQuestion(roomId: string, position: number, options: { skip?: boolean } = {}) {
    // Read before the unit of work: a pinned question never changes, and the work must not wait
    // on anything but its own statements.
    const question = await pinnedQuestion(roomId, position);
    const closed = await deps.unitOfWork(async (work) => {
      const room = await work.live.transition(roomId, {
        from: ['question_open'],
        position,
        set: { state: 'question_closed', skipped: options.skip ?? false },
      });
      if (!room || options.skip || !question) return room;
      const answers = await work.live.answersForScoring(roomId, position);
      const { scoring, streakBonus } = room.settings;
      await work.live.setPoints(
        roomId,
        position,
        answers.map((answer) => ({
          playerId: answer.playerId,
          points:
            scoring === 'accuracy'
              ? accuracyPoints({ correct: answer.correct === true })
              : speedPoints({
                  correct: answer.correct === true,
                  elapsedMs: answer.elapsedMs,
                  limitMs: limitMsOf(room, answer.extraTimePercent),
                  streak: streakBonus ? answer.streak : 0,
                }),
        })),
      );
      await work.live.scoreQuestion(roomId, position);
      // Signed-in players' answers count for their progress and reviews, as practice does.
      for (const answer of answers) {
        if (!answer.userId) continue;
        await recordAnswers(work.answers, {
          userId: answer.userId,
          source: 'live',
          answers: [
            {
              clientId: room.clientId,
              bankId: room.bankId,
              bankTitle: room.bankTitle,
              questionId: question.questionId,
              version: question.version,
              content: question.content,
              correct: answer.correct === true,
              score: answer.correct ? 1 : 0,
            },
          ],
        });
      }
      return room;
    });
    if (closed) deps.changed(roomId, 'scores');
    return closed;
  }

  /** Closes every open question whose time is up, in any room: safe in every process at once. */
  async function closeOverdue(batch = 50) {
    const overdue = await live.overdueRooms(batch);
    for (const room of overdue) await closeQuestion(room.id, room.position);
    return overdue.length;
  }

  async function hostCommand(
    user: UserRow,
    roomId: string,
    message: Exclude<LiveClientMessage, { type: 'answer' }>,
  ): Promise<void> {
    const room = await ownRoom(user, roomId);
    const refuse = (detail: string) => new HttpProblem('validation.failed', { detail });
    switch (message.type) {
      case 'host.start':
        if (room.state !== 'lobby') throw refuse('The game has started already.');
        await openQuestion(room, 1);
        return;
      case 'host.close':
        if (room.state !== 'question_open') throw refuse('No question is open.');
        await closeQuestion(room.id, room.position);
        return;
      case 'host.skip':
        if (room.state !== 'question_open') throw refuse('No question is open.');
        await closeQuestion(room.id, room.position, { skip: true });
        return;
      case 'host.next': {
        if (room.state === 'question_closed') {
          const moved = await live.transition(room.id, {
            from: ['question_closed'],
            position: room.position,
            set: { state: 'leaderboard' },
          });
          if (moved) deps.changed(room.id, 'room');
          return;
        }
        if (room.state === 'leaderboard') {
          if (room.position >= room.questionCount) {
            const ended = await live.transition(room.id, {
              from: ['leaderboard'],
              set: { state: 'finished', finished: true },
            });
            if (ended) deps.changed(room.id, 'room');
            return;
          }
          await openQuestion(room, room.position + 1);
          return;
        }
        throw refuse('There is nothing to move on to yet.');
      }
      case 'host.pause': {
        if (room.state !== 'question_open' || room.pausedRemainingMs !== null) {
          throw refuse('Only a running question can be paused.');
        }
        const remaining = Math.max(0, Date.parse(room.deadline!) - Date.parse(room.serverNow));
        const paused = await live.transition(room.id, {
          from: ['question_open'],
          position: room.position,
          set: { pausedRemainingMs: remaining },
        });
        if (paused) deps.changed(room.id, 'room');
        return;
      }
      case 'host.resume': {
        if (room.state !== 'question_open' || room.pausedRemainingMs === null) {
          throw refuse('The question is not paused.');
        }
        const resumed = await live.transition(room.id, {
          from: ['question_open'],
          position: room.position,
          set: { resume: true },
        });
        if (resumed) announceOpen(resumed);
        return;
      }
      case 'host.end': {
        if (room.state === 'finished') return;
        const ended = await live.transition(room.id, {
          from: ['lobby', 'question_open', 'question_closed', 'leaderboard'],
          set: { state: 'finished', finished: true },
        });
        if (ended) deps.changed(room.id, 'room');
        return;
      }
      case 'host.kick':
        if (!(await live.kick(room.id, message.playerId, message.ban))) {
          throw new HttpProblem('not_found', { detail: 'There is no such player in this room.' });
        }
        // The removed player's own view must tell them.
        deps.changed(room.id, 'scores');
        return;
      case 'host.lock':
      case 'host.unlock':
      case 'host.reveal':
        return moderation.command(room, message);
    }
  }

  /**
   * A player's answer to the open question: graded here, stored by one conditional statement,
   * scored with everyone else's when the question closes. This is the hot path of a room (2,000
   * answers within seconds), so it reads nothing the room does not change: the room's settings
   * and its pinned questions come from bounded caches, the player is who the connection proved.
   */
  async function answer(
    player: Pick<PlayerRow, 'id' | 'roomId' | 'extraTimePercent'>,
    position: number,
    given: AnswerInput,
  ): Promise<{ receivedAt: string }> {
    const [settings, question] = await Promise.all([
      roomSettings(player.roomId),
      pinnedQuestion(player.roomId, position),
    ]);
    if (!settings) throw roomNotFound();
    const closed = () =>
      new HttpProblem('live.question_closed', {
        detail: 'This question is closed: answers are no longer taken.',
      });
    if (!question) throw closed();
    const graded = grade(question.content, given, presentedValues(question.presented));
    if (!graded.ok) {
      throw new HttpProblem('validation.failed', { detail: graded.error.message });
    }
    const stored = await storeAnswer({
      roomId: player.roomId,
      playerId: player.id,
      position,
      answer: given,
      correct: graded.correct,
      limitMs: limitMsOf({ settings }, player.extraTimePercent) + NETWORK_GRACE_MS,
    });
    if (stored === 'closed') throw closed();
    if (stored === 'duplicate') {
      throw new HttpProblem('live.already_answered', {
        detail: 'You have answered this question already.',
      });
    }
    deps.changed(player.roomId, 'answers');
    checkEveryoneAnswered(player.roomId, position);
    return { receivedAt: stored.answeredAt };
  }

  /**
   * Once everyone in the room has answered there is no need to wait for the clock. The check
   * runs once for a burst of answers (a room of 2,000 answers within seconds), a moment after the
   * latest: checking after each would cost the database a scan of the room per answer.
   */
  const everyoneChecks = new Map<string, ReturnType<typeof setTimeout>>();
  function checkEveryoneAnswered(roomId: string, position: number) {
    clearTimeout(everyoneChecks.get(roomId));
    const timer = setTimeout(() => {
      everyoneChecks.delete(roomId);
      void (async () => {
        if (await live.everyoneAnswered(roomId, position)) await closeQuestion(roomId, position);
      })().catch(() => {
        // The deadline closes the question in any case.
      });
    }, EVERYONE_CHECK_AFTER_MS);
    timer.unref();
    everyoneChecks.set(roomId, timer);
  }

  /* ---------- views ---------- */

  /** What everyone in the room sees, and what the host's console adds: from one read of the room. */
  async function views(
    roomId: string,
    options: { forHost: boolean },
  ): Promise<{ room: LiveRoomView; host?: LiveHostView } | undefined> {
    const room = await live.findRoomWithCounts(roomId);
    if (!room) return undefined;
    const showsQuestion = room.state === 'question_open' || room.state === 'question_closed';
    const question = showsQuestion ? await pinnedQuestion(roomId, room.position) : undefined;
    const reveal =
      room.state === 'question_closed' && question
        ? shownReveal(room, {
            answerText: answerText(question.content, presentedValues(question.presented)),
            distribution: distribution(
              question.content,
              question.presented,
              room.skipped ? [] : await live.answersTo(roomId, room.position),
            ),
            skipped: room.skipped,
          })
        : null;
    const leaderboard =
      room.state === 'leaderboard'
        ? await leaderboardWithMovement(room)
        : room.state === 'finished'
          ? (await live.standings(roomId, LIVE_LIMITS.leaderboardSize)).map(
              ({ playerId, nickname, score, rank }) => ({ playerId, nickname, score, rank }),
            )
          : null;
    const view: LiveRoomView = {
      id: room.id,
      code: room.code,
      bankTitle: room.bankTitle,
      state: room.state,
      settings: room.settings,
      position: room.position,
      questionCount: room.questionCount,
      // Phones get the options even when the question shows on the big screen only: they answer
      // by shape, and the client leaves the stem out.
      question: question ? forTheRoom(question.presented) : null,
      passage: question?.passage ?? null,
      // Everyone's deadline without extra time; a player adds their own `extraMs`.
      deadline:
        room.state === 'question_open' && room.openedAt
          ? new Date(Date.parse(room.openedAt) + limitMsOf(room, 0)).toISOString()
          : null,
      serverNow: room.serverNow,
      paused: room.pausedRemainingMs !== null,
      answered: showsQuestion ? room.answered : 0,
      playerCount: room.players,
      locked: room.locked,
      reveal,
      leaderboard,
    };
    if (!options.forHost) return { room: view };
    const latest = await live.latestPlayers(roomId, LIVE_LIMITS.latestNames);
    return { room: view, host: { players: room.players, connected: room.connected, latest } };
  }

  /**
   * Between questions the big screen shows who went up: ranks before the question just played
   * need every player's score and points, not only the top ten's.
   */
  async function leaderboardWithMovement(room: RoomRow) {
    const [standings, last] = await Promise.all([
      live.standings(room.id),
      room.skipped ? Promise.resolve([]) : live.answersTo(room.id, room.position),
    ]);
    const points = new Map(last.map((answer) => [answer.playerId, answer.points ?? 0]));
    return withPreviousRanks(standings, points)
      .slice(0, LIVE_LIMITS.leaderboardSize)
      .map(({ playerId, nickname, score, rank, previousRank }) => ({
        playerId,
        nickname,
        score,
        rank,
        previousRank,
      }));
  }

  async function playerViews(roomId: string, playerIds: readonly string[]) {
    const room = await live.findRoom(roomId);
    if (!room) return [];
    // A few queries for every player at once: a room of 2,000 refreshes in the same time as one.
    const lastPosition = shownResultPosition(room.state, room.position);
    const scored = lastPosition > 0 && !(room.skipped && lastPosition === room.position);
    const [players, lastAnswers, answered] = await Promise.all([
      live.playersWithRank(roomId, playerIds),
      scored ? live.answersTo(roomId, lastPosition) : Promise.resolve([]),
      live.latestAnsweredPositions(roomId, playerIds),
    ]);
    const lastOf = new Map(lastAnswers.map((answer) => [answer.playerId, answer]));
    const views: LivePlayerView[] = [];
    const withheld = answerWithheld(room);
    for (const player of players) {
      const last = lastOf.get(player.id);
      const view: LivePlayerView = {
        playerId: player.id,
        nickname: player.nickname,
        score: player.score,
        streak: player.streak,
        rank: player.rank,
        answeredPosition: answered.get(player.id) ?? 0,
        extraMs: limitMsOf(room, player.extraTimePercent) - limitMsOf(room, 0),
        lastResult:
          lastPosition > 0
            ? {
                position: lastPosition,
                correct: last?.correct === true,
                points: last?.points ?? 0,
              }
            : null,
        kicked: player.kicked,
      };
      views.push(withheld ? withheldPlayerView(view) : view);
    }
    return views;
  }

  async function results(user: UserRow, roomId: string): Promise<LiveResults> {
    const room = await ownRoom(user, roomId);
    const [questions, answers, standings] = await Promise.all([
      live.questions(roomId),
      live.allAnswers(roomId),
      live.standings(roomId),
    ]);
    const byPlayer = new Map<string, { correct: number; answered: number }>();
    for (const given of answers) {
      const entry = byPlayer.get(given.playerId) ?? { correct: 0, answered: 0 };
      entry.answered++;
      if (given.correct) entry.correct++;
      byPlayer.set(given.playerId, entry);
    }
    return {
      room: summaryOf(room, standings.length),
      players: standings.map((player) => ({
        playerId: player.playerId,
        nickname: player.nickname,
        rank: player.rank,
        score: player.score,
        correct: byPlayer.get(player.playerId)?.correct ?? 0,
        answered: byPlayer.get(player.playerId)?.answered ?? 0,
        signedIn: player.userId !== null,
      })),
      questions: questions.map((question) => {
        const given = answers.filter((answer) => answer.position === question.position);
        const right = given.filter((answer) => answer.correct).length;
        return {
          position: question.position,
          stem: question.content.stem,
          type: question.content.type,
          answered: given.length,
          correctShare: given.length === 0 ? 0 : right / given.length,
          averageMs:
            given.length === 0
              ? null
              : Math.round(given.reduce((sum, answer) => sum + answer.elapsedMs, 0) / given.length),
          distribution: distribution(question.content, question.presented, given),
        };
      }),
    };
  }

  return {
    createRoom,
    async listRooms(user: UserRow) {
      const rooms = await live.roomsOfHost(user.id, 50);
      return rooms.map((room) => summaryOf(room, room.playerCount));
    },
    ownRoom,
    join,
    playerOf,
    hostCommand,
    answer,
    closeQuestion,
    closeOverdue,
    /** The room as its players see it. */
    roomView: async (roomId: string) => (await views(roomId, { forHost: false }))?.room,
    /** The room as its players see it, and the host's console with it. */
    consoleViews: (roomId: string) =>
      views(roomId, { forHost: true }) as Promise<
        { room: LiveRoomView; host: LiveHostView } | undefined
      >,
    playerViews,
    /** Where rooms stand, for catching up connections that missed a view. */
    roomMarks: (roomIds: readonly string[]) => live.roomMarks(roomIds),
    results,
    async setConnected(playerId: string, roomId: string, connected: boolean) {
      await live.setConnected(playerId, connected);
      deps.changed(roomId, 'players');
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
