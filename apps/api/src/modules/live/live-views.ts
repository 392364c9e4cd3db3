import {
  LIVE_LIMITS,
  type LiveHostView,
  type LivePlayerView,
  type LiveRoomView,
} from '@questa/contracts';
import { presentedValues } from '@questa/scoring';
import { answerText, distribution, forTheRoom, shownResultPosition } from './live-present';
import { withPreviousRanks } from './live-standings';
import { answerWithheld, shownReveal, withheldPlayerView } from './live.moderation';
import type { LiveRepository, RoomRow } from './live.repository';
import type { PinnedRoomData } from './live-pinned';
import type { LiveTeams } from './live-teams';
import { batchedWrites } from '../../db/batched-writes';
import { limitMsOf } from './live-timing';

/** Up to this many players' own views read only their rows; more read the room's at once. */
const FEW_VIEWS = 500;

/** How long a room view read for one device serves others who ask. */
const ROOM_VIEW_REUSE_MS = 250;

/** What the room, the host's console and each player see of a room, as it stands now. */
export function createLiveViews(deps: {
  live: Pick<
    LiveRepository,
    | 'findRoomWithCounts'
    | 'answersTo'
    | 'standings'
    | 'latestPlayers'
    | 'className'
    | 'findRoom'
    | 'playersWithRank'
    | 'latestAnsweredPositions'
  >;
  pinned: Pick<PinnedRoomData, 'question'>;
  teams: Pick<LiveTeams, 'setupView' | 'leaderboard' | 'roster'>;
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
    // Between questions both boards show who went up, from the points of the question just played.
    const last =
      room.state !== 'leaderboard' || room.skipped
        ? []
        : await live.answersTo(roomId, room.position);
    const [leaderboard, teams, teamLeaderboard] = await Promise.all([
      room.state === 'leaderboard'
        ? leaderboardWithMovement(room, last)
        : room.state === 'finished'
          ? live.standings(roomId, LIVE_LIMITS.leaderboardSize).then((standings) =>
              standings.map(({ playerId, nickname, score, rank }) => ({
                playerId,
                nickname,
                score,
                rank,
              })),
            )
          : null,
      deps.teams.setupView(room),
      room.state === 'leaderboard'
        ? deps.teams.leaderboard(room, last)
        : room.state === 'finished'
          ? deps.teams.leaderboard(room)
          : null,
    ]);
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
      teams,
      teamsRevision: room.teamsRevision,
      // The question shows first; its answers open after the teams' talk time.
      answersOpenAt: room.state === 'question_open' ? room.openedAt : null,
      teamLeaderboard,
    };
    if (!options.forHost) return { room: view };
    const [latest, roster, className] = await Promise.all([
      live.latestPlayers(roomId, LIVE_LIMITS.latestNames),
      deps.teams.roster(room),
      room.classId === null ? null : live.className(room.classId),
    ]);
    return {
      room: view,
      host: { className, players: room.players, connected: room.connected, latest, roster },
    };
  }

  /**
   * Between questions the big screen shows who went up: ranks before the question just played
   * need every player's score and points, not only the top ten's.
   */
  async function leaderboardWithMovement(
    room: RoomRow,
    last: readonly { playerId: string; points: number | null }[],
  ) {
    const standings = await live.standings(room.id);
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
      // A few players coming back read their own answers, not the whole room's.
      scored
        ? live.answersTo(
            roomId,
            lastPosition,
            playerIds.length <= FEW_VIEWS ? playerIds : undefined,
          )
        : Promise.resolve([]),
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
        team: room.teams ? player.team : null,
      };
      views.push(withheld ? withheldPlayerView(view) : view);
    }
    return views;
  }

  // A room view serves everyone who asks within a moment of each other: a burst of devices coming
  // back costs one read, not one each. A change of the room drops it; so does its age, for changes
  // made in another process.
  const recentViews = new Map<string, { at: number; view: Promise<LiveRoomView | undefined> }>();
  function roomView(roomId: string) {
    const recent = recentViews.get(roomId);
    if (recent && performance.now() - recent.at < ROOM_VIEW_REUSE_MS) return recent.view;
    const view = views(roomId, { forHost: false }).then((found) => found?.room);
    const entry = { at: performance.now(), view };
    recentViews.set(roomId, entry);
    view.then(
      () =>
        setTimeout(
          () => recentViews.get(roomId) === entry && recentViews.delete(roomId),
          ROOM_VIEW_REUSE_MS,
        ).unref(),
      () => recentViews.get(roomId) === entry && recentViews.delete(roomId),
    );
    return view;
  }

  // Players coming back at the same time get their own views from one set of reads.
  const oneView = batchedWrites(
    async (wanted: readonly { roomId: string; playerId: string }[]) => {
      const byRoom = new Map<string, string[]>();
      for (const { roomId, playerId } of wanted) {
        byRoom.set(roomId, [...(byRoom.get(roomId) ?? []), playerId]);
      }
      const found = new Map<string, LivePlayerView>();
      await Promise.all(
        [...byRoom].map(async ([roomId, playerIds]) => {
          for (const view of await playerViews(roomId, [...new Set(playerIds)])) {
            found.set(`${roomId}:${view.playerId}`, view);
          }
        }),
      );
      return wanted.map(({ roomId, playerId }) => found.get(`${roomId}:${playerId}`));
    },
    { maxBatch: 500, name: 'live_player_views' },
  );

  return {
    /** The room as its players see it. */
    roomView,
    /** Forgets the room's view: it changed. */
    forget: (roomId: string) => recentViews.delete(roomId),
    /** One player's own view. */
    playerView: (roomId: string, playerId: string) => oneView({ roomId, playerId }),
    /** The room as its players see it, and the host's console with it. */
    consoleViews: (roomId: string) =>
      views(roomId, { forHost: true }) as Promise<
        { room: LiveRoomView; host: LiveHostView } | undefined
      >,
    playerViews,
  };
}
