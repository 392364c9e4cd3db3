/*
 * Ranks of a live room's leaderboard, as pure functions: the database ranks the room as it stands
 * (`rank() over (order by score desc)`), and these give the ranks before the question just played,
 * by the same rule, so "who went up" agrees with the table and the podium.
 */

interface Standing {
  playerId: string;
  score: number;
  rank: number;
}

/**
 * Competition ranks ("1, 1, 3"): equal scores share a rank, and the next rank counts everyone
 * ahead. The same rule as SQL's `rank()`, which the leaderboard and the results table use.
 */
export function competitionRanks(scores: ReadonlyMap<string, number>): Map<string, number> {
  const sorted = [...scores.values()].sort((a, b) => b - a);
  const rankOfScore = new Map<number, number>();
  sorted.forEach((score, index) => {
    if (!rankOfScore.has(score)) rankOfScore.set(score, index + 1);
  });
  return new Map([...scores].map(([playerId, score]) => [playerId, rankOfScore.get(score)!]));
}

/**
 * Each player's rank before the last question: their score less the points it gave them, ranked
 * against everyone's score before it. `standings` must be the whole room, not its top ten: a
 * player may climb from twelfth to third.
 */
export function withPreviousRanks<T extends Standing>(
  standings: readonly T[],
  lastPoints: ReadonlyMap<string, number>,
): (T & { previousRank: number })[] {
  const before = competitionRanks(
    new Map(
      standings.map((entry) => [
        entry.playerId,
        entry.score - (lastPoints.get(entry.playerId) ?? 0),
      ]),
    ),
  );
  return standings.map((entry) => ({ ...entry, previousRank: before.get(entry.playerId)! }));
}
