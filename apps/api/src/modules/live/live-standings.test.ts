import { describe, expect, it } from 'vitest';
import { competitionRanks, withPreviousRanks } from './live-standings';

describe('competitionRanks', () => {
  it('gives equal scores one rank and counts everyone ahead for the next', () => {
    const ranks = competitionRanks(
      new Map([
        ['ada', 900],
        ['ben', 1200],
        ['cy', 900],
        ['dot', 400],
      ]),
    );
    expect(Object.fromEntries(ranks)).toEqual({ ben: 1, ada: 2, cy: 2, dot: 4 });
  });

  it('ranks a room where everyone is tied first', () => {
    const ranks = competitionRanks(
      new Map([
        ['ada', 0],
        ['ben', 0],
        ['cy', 0],
      ]),
    );
    expect([...ranks.values()]).toEqual([1, 1, 1]);
  });
});

describe('withPreviousRanks', () => {
  const standings = [
    { playerId: 'ada', nickname: 'Ada', score: 1500, rank: 1 },
    { playerId: 'ben', nickname: 'Ben', score: 1500, rank: 1 },
    { playerId: 'cy', nickname: 'Cy', score: 800, rank: 3 },
  ];

  it('ranks players by their score before the last question, ties shared', () => {
    // Before: Ada 1500 (no points last time), Ben 700, Cy 800: Ben climbed from third.
    const moved = withPreviousRanks(standings, new Map([['ben', 800]]));
    expect(moved.map((entry) => [entry.playerId, entry.rank, entry.previousRank])).toEqual([
      ['ada', 1, 1],
      ['ben', 1, 3],
      ['cy', 3, 2],
    ]);
  });

  it('keeps a tie that the last question did not break', () => {
    const moved = withPreviousRanks(
      standings,
      new Map([
        ['ada', 500],
        ['ben', 500],
      ]),
    );
    expect(moved.map((entry) => entry.previousRank)).toEqual([1, 1, 3]);
  });

  it('leaves everyone where they were after a skipped question', () => {
    const moved = withPreviousRanks(standings, new Map());
    expect(moved.map((entry) => entry.previousRank)).toEqual(moved.map((entry) => entry.rank));
  });
});
