import { describe, expect, it } from 'vitest';
import { gradebook } from '../classes';
import { decodeGradebookCell, encodeGradebookCell, type GradebookCell } from './gradebook';

describe('gradebook cells', () => {
  it('travel as tuples the contract accepts and read back as they were, to four decimals', () => {
    const cells: GradebookCell[] = [
      { state: 'completed', score: 2 / 3, late: true, timeSpentSeconds: 312, attempts: 2 },
      { state: 'in_progress', score: null, late: false, timeSpentSeconds: 0, attempts: 1 },
    ];
    const tuples = cells.map(encodeGradebookCell);
    expect(tuples).toEqual([
      [1, 0.6667, 1, 312, 2],
      [0, null, 0, 0, 1],
    ]);
    const wire = {
      assignments: [],
      learners: [
        {
          userId: '44444444-4444-4444-8444-444444444444',
          displayName: 'Bo',
          email: 'bo@example.com',
        },
      ],
    };
    expect(
      gradebook.safeParse({
        ...wire,
        learners: [{ ...wire.learners[0], cells: [...tuples, null] }],
      }).success,
    ).toBe(true);
    expect(tuples.map(decodeGradebookCell)).toEqual([{ ...cells[0], score: 0.6667 }, cells[1]]);
  });
});
