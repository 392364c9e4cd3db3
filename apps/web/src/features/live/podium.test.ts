import type { LiveLeaderEntry } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { movement, podiumSteps } from './podium';

const entry = (nickname: string, score: number, rank: number): LiveLeaderEntry => ({
  playerId: `id-${nickname}`,
  nickname,
  score,
  rank,
});
const names = (steps: ReturnType<typeof podiumSteps>) =>
  steps.map((step) => [step.height, step.rank, step.entries.map((e) => e.nickname)]);

describe('podiumSteps', () => {
  it('puts the top three on steps 1, 2 and 3', () => {
    const steps = podiumSteps([
      entry('Ada', 900, 1),
      entry('Ben', 800, 2),
      entry('Cy', 700, 3),
      entry('Dot', 600, 4),
    ]);
    expect(names(steps)).toEqual([
      [1, 1, ['Ada']],
      [2, 2, ['Ben']],
      [3, 3, ['Cy']],
    ]);
  });

  it('lets tied players share a step labelled with the rank the table shows', () => {
    const steps = podiumSteps([
      entry('Ada', 900, 1),
      entry('Ben', 900, 1),
      entry('Cy', 700, 3),
      entry('Dot', 600, 4),
    ]);
    expect(names(steps)).toEqual([
      [1, 1, ['Ada', 'Ben']],
      [2, 3, ['Cy']],
    ]);
  });

  it('keeps a tie for second together and leaves the fourth off', () => {
    const steps = podiumSteps([
      entry('Ada', 900, 1),
      entry('Ben', 500, 2),
      entry('Cy', 500, 2),
      entry('Dot', 400, 4),
    ]);
    expect(names(steps)).toEqual([
      [1, 1, ['Ada']],
      [2, 2, ['Ben', 'Cy']],
    ]);
  });

  it('puts a whole room that scored the same on the top step', () => {
    const steps = podiumSteps([entry('Ada', 0, 1), entry('Ben', 0, 1), entry('Cy', 0, 1)]);
    expect(names(steps)).toEqual([[1, 1, ['Ada', 'Ben', 'Cy']]]);
  });

  it('is empty for a room nobody played in', () => {
    expect(podiumSteps([])).toEqual([]);
  });
});

describe('movement', () => {
  it('is positive for a player who went up, negative for one who fell, 0 without a past', () => {
    expect(movement({ rank: 1, previousRank: 3 })).toBe(2);
    expect(movement({ rank: 4, previousRank: 2 })).toBe(-2);
    expect(movement({ rank: 2 })).toBe(0);
  });
});
