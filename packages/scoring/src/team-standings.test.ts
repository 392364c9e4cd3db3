import { describe, expect, it } from 'vitest';
import { teamStandings, teamStandingsWithMovement } from './team-standings';

describe('teamStandings', () => {
  it('ranks teams by the average of their members, not their sum', () => {
    const standings = teamStandings(2, [
      { team: 1, score: 900, answered: 3 },
      { team: 1, score: 300, answered: 3 },
      { team: 1, score: 300, answered: 3 },
      { team: 2, score: 800, answered: 3 },
      { team: 2, score: 600, answered: 3 },
    ]);
    expect(standings).toEqual([
      { team: 2, score: 700, rank: 1, members: 2, counted: 2 },
      { team: 1, score: 500, rank: 2, members: 3, counted: 3 },
    ]);
  });

  it('leaves out members who never answered, and keeps one who answered and left', () => {
    const standings = teamStandings(2, [
      { team: 1, score: 600, answered: 2 },
      // Joined, never played: not a zero in the average.
      { team: 1, score: 0, answered: 0 },
      // Answered once, then their phone went away: their points stand.
      { team: 2, score: 0, answered: 1 },
      { team: 2, score: 600, answered: 2 },
    ]);
    expect(standings).toEqual([
      { team: 1, score: 600, rank: 1, members: 2, counted: 1 },
      { team: 2, score: 300, rank: 2, members: 2, counted: 2 },
    ]);
  });

  it('lists every team, an empty one or one nobody answered for with 0, and ties share a rank', () => {
    const standings = teamStandings(4, [
      { team: 3, score: 333, answered: 1 },
      { team: 3, score: 334, answered: 1 },
      { team: 1, score: 334, answered: 1 },
      { team: 2, score: 0, answered: 0 },
      // Outside the room's teams: ignored.
      { team: null, score: 1000, answered: 5 },
      { team: 7, score: 1000, answered: 5 },
    ]);
    expect(standings.map(({ team, score, rank }) => [team, score, rank])).toEqual([
      [1, 334, 1],
      [3, 334, 1],
      [2, 0, 3],
      [4, 0, 3],
    ]);
    expect(standings.find((entry) => entry.team === 4)).toMatchObject({ members: 0, counted: 0 });
  });

  it('gives each team its rank before the last question', () => {
    const standings = teamStandingsWithMovement(2, [
      // Team 1 led by 100 before the question; team 2 took 400 from it and leads now.
      { team: 1, score: 500, answered: 2, lastPoints: 0, answeredLast: true },
      { team: 2, score: 800, answered: 2, lastPoints: 400, answeredLast: true },
      // Their first answer was the last question: they did not count before it.
      { team: 2, score: 900, answered: 1, lastPoints: 900, answeredLast: true },
    ]);
    expect(standings.map(({ team, rank, previousRank }) => [team, rank, previousRank])).toEqual([
      [2, 1, 2],
      [1, 2, 1],
    ]);
  });
});
