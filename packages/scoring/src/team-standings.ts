/*
 * A live room's teams ranked, as pure functions. A team's score is the average of its members'
 * scores, so a team of three is not ahead of a team of two for being larger; the average is taken
 * over the members who have answered at least once, so a player who joined and left before playing
 * (or whose phone never came back) does not pull their team down with a zero they never played
 * for. A member who answered and then left still counts with what they scored.
 */

export interface TeamMember {
  /** Null for a player in no team (a room that does not play in teams). */
  team: number | null;
  score: number;
  /** How many of the room's questions this member has answered. */
  answered: number;
}

export interface TeamStanding {
  team: number;
  /** The average of the counted members' scores, rounded to a whole point; 0 with none counted. */
  score: number;
  /** Competition rank ("1, 1, 3") by the rounded score, as the players' leaderboard ranks. */
  rank: number;
  members: number;
  counted: number;
}

/** Every team from 1 to `teamCount`, best first (ties by team number), empty teams too. */
export function teamStandings(teamCount: number, members: readonly TeamMember[]): TeamStanding[] {
  const teams = Array.from({ length: teamCount }, (_, index) => ({
    team: index + 1,
    members: 0,
    counted: 0,
    total: 0,
  }));
  for (const member of members) {
    const team = member.team === null ? undefined : teams[member.team - 1];
    if (!team) continue;
    team.members++;
    if (member.answered > 0) {
      team.counted++;
      team.total += member.score;
    }
  }
  const scored = teams.map(({ team, members: size, counted, total }) => ({
    team,
    score: counted === 0 ? 0 : Math.round(total / counted),
    members: size,
    counted,
  }));
  const sorted = [...scored].sort((a, b) => b.score - a.score || a.team - b.team);
  return sorted.map((entry) => ({
    ...entry,
    rank: 1 + sorted.filter((other) => other.score > entry.score).length,
  }));
}

/**
 * The standings, each with the team's rank before the question just played: its members' scores
 * less what that question gave them, and a member whose only answer was to it not counted yet.
 */
export function teamStandingsWithMovement(
  teamCount: number,
  members: readonly (TeamMember & { lastPoints: number; answeredLast: boolean })[],
): (TeamStanding & { previousRank: number })[] {
  const before = new Map(
    teamStandings(
      teamCount,
      members.map((member) => ({
        team: member.team,
        score: member.score - member.lastPoints,
        answered: member.answered - (member.answeredLast ? 1 : 0),
      })),
    ).map((entry) => [entry.team, entry.rank]),
  );
  return teamStandings(teamCount, members).map((entry) => ({
    ...entry,
    previousRank: before.get(entry.team)!,
  }));
}
