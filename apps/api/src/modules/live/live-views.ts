import {
  LIVE_LIMITS,
  type LiveHostView,
  type LivePlayerView,
  type LiveRoomView,
} from '@questa/contracts';
import { presentedValues } from '@questa/scoring';
import { answerText, distribution, shownResultPosition } from './live-present';
import type { LiveRepository } from './live.repository';
import type { PinnedRoomData } from './live-pinned';
import { limitMsOf } from './live-timing';

/** What the room, the host's console and each player see of a room, as it stands now. */
export function createLiveViews(deps: {
  live: Pick<
    LiveRepository,
    | 'findRoomWithCounts'
    | 'answersTo'
    | 'standings'
    | 'latestPlayers'
    | 'findRoom'
    | 'playersWithRank'
    | 'latestAnsweredPositions'
  >;
  pinned: Pick<PinnedRoomData, 'question'>;
}) {
  const { live } = deps;

  /** What everyone in the room sees, and what the host's console adds: from one read of the room. */
  async function views(
    roomId: string,
    options: { forHost: boolean },
  ): Promise<{ room: LiveRoomView; host?: LiveHostView } | undefined> {
    const room = await live.findRoomWithCounts(roomId);
    if (!room) return undefined;
    const showsQuestion = room.state === 'question_open' || room.state === 'question_closed';
    const question = showsQuestion ? await deps.pinned.question(roomId, room.position) : undefined;
    const reveal =
      room.state === 'question_closed' && question
        ? {
            answerText: answerText(question.content, presentedValues(question.presented)),
            distribution: distribution(
              question.content,
              question.presented,
              room.skipped ? [] : await live.answersTo(roomId, room.position),
            ),
            skipped: room.skipped,
          }
        : null;
    const leaderboard =
      room.state === 'leaderboard' || room.state === 'finished'
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
      question: question ? question.presented : null,
      // Everyone's deadline without extra time; a player adds their own `extraMs`.
      deadline:
        room.state === 'question_open' && room.openedAt
          ? new Date(Date.parse(room.openedAt) + limitMsOf(room, 0)).toISOString()
          : null,
      serverNow: room.serverNow,
      paused: room.pausedRemainingMs !== null,
      answered: showsQuestion ? room.answered : 0,
      playerCount: room.players,
      reveal,
      leaderboard,
    };
    if (!options.forHost) return { room: view };
    const latest = await live.latestPlayers(roomId, LIVE_LIMITS.latestNames);
    return { room: view, host: { players: room.players, connected: room.connected, latest } };
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
    for (const player of players) {
      const last = lastOf.get(player.id);
      views.push({
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
      });
    }
    return views;
  }

  return {
    /** The room as its players see it. */
    roomView: async (roomId: string) => (await views(roomId, { forHost: false }))?.room,
    /** The room as its players see it, and the host's console with it. */
    consoleViews: (roomId: string) =>
      views(roomId, { forHost: true }) as Promise<
        { room: LiveRoomView; host: LiveHostView } | undefined
      >,
    playerViews,
  };
}
