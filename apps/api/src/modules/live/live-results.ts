import type { LiveResults } from '@questa/contracts';
import type { UserRow } from '../users/user.repository';
import { distribution } from './live-present';
import type { LiveRepository } from './live.repository';
import { summaryOf, type LiveRooms } from './live-rooms';
import type { LiveTeams } from './live-teams';

/**
 * A room's results for its host: per player and per question, and per team in a room that played
 * in teams, from everything it stored.
 */
export function createLiveResults(deps: {
  live: Pick<LiveRepository, 'questions' | 'allAnswers' | 'standings'>;
  rooms: Pick<LiveRooms, 'ownRoom'>;
  teams: Pick<LiveTeams, 'leaderboard'>;
}) {
  const { live } = deps;

  async function results(user: UserRow, roomId: string): Promise<LiveResults> {
    const room = await deps.rooms.ownRoom(user, roomId);
    const [questions, answers, standings, teams] = await Promise.all([
      live.questions(roomId),
      live.allAnswers(roomId),
      live.standings(roomId),
      deps.teams.leaderboard(room),
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
        team: room.teams ? player.team : null,
      })),
      teams: teams ?? [],
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

  return { results };
}
