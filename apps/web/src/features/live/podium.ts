import type { LiveLeaderEntry } from '@questa/contracts';

/** One step of the podium: everyone who shares a rank stands on it together. */
export interface PodiumStep {
  /** The rank the leaderboard and the results table show for them. */
  rank: number;
  /** 1 is the highest step, in the middle; 2 and 3 stand either side. */
  height: 1 | 2 | 3;
  entries: LiveLeaderEntry[];
}

/**
 * The podium's steps from the final leaderboard (ranked best first, ties sharing a rank, as the
 * server ranks them). Equal scores share a step, so the podium never puts one of two tied players
 * above the other; each step is labelled with the rank the table shows, so "1, 1, 3" gives two
 * names on the top step and one on a step marked 3. Only ranks up to 3 are on the podium.
 */
export function podiumSteps(entries: readonly LiveLeaderEntry[]): PodiumStep[] {
  const steps: PodiumStep[] = [];
  for (const entry of entries) {
    if (entry.rank > 3) break;
    const last = steps.at(-1);
    if (last?.rank === entry.rank) last.entries.push(entry);
    else if (steps.length < 3) {
      steps.push({ rank: entry.rank, height: (steps.length + 1) as 1 | 2 | 3, entries: [entry] });
    }
  }
  return steps;
}

/** How far a player moved since the previous question: positive is up. */
export const movement = (entry: Pick<LiveLeaderEntry, 'rank' | 'previousRank'>) =>
  entry.previousRank === undefined ? 0 : entry.previousRank - entry.rank;
