import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

// Correct order: a, b, c, d — 4 items, so 6 pairs.
const q = question('ordering', {
  points: 3,
  items: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id.toUpperCase() })),
});
const order = (itemIds: string[]) => grade(q, { type: 'ordering', itemIds });

describe('ordering (fraction of all pairs in the right relative order)', () => {
  it('scores the exact order 1', () => {
    expect(order(['a', 'b', 'c', 'd'])).toMatchObject({
      correct: true,
      score: 1,
      points: 3,
      feedback: { pairsInOrder: 6, pairs: 6 },
    });
  });

  it('scores the reverse order 0', () => {
    expect(order(['d', 'c', 'b', 'a'])).toMatchObject({ correct: false, score: 0, points: 0 });
  });

  it('costs one pair for one adjacent swap', () => {
    expect(order(['a', 'c', 'b', 'd'])).toMatchObject({
      correct: false,
      score: 5 / 6,
      feedback: { pairsInOrder: 5 },
    });
  });

  it('costs in proportion to how far an item moved', () => {
    // d moved from last to first: it is out of order with a, b and c.
    expect(order(['d', 'a', 'b', 'c'])).toMatchObject({ score: 3 / 6 });
    expect(order(['b', 'a', 'd', 'c'])).toMatchObject({ score: 4 / 6 });
  });

  it('reports each item with its given and correct positions', () => {
    const result = order(['b', 'a', 'c', 'd']);
    expect(result.ok && result.feedback).toMatchObject({
      type: 'ordering',
      items: [
        { itemId: 'b', position: 0, correctPosition: 1 },
        { itemId: 'a', position: 1, correctPosition: 0 },
        { itemId: 'c', position: 2, correctPosition: 2 },
        { itemId: 'd', position: 3, correctPosition: 3 },
      ],
    });
  });

  it('grades two items as all or nothing', () => {
    const two = question('ordering', {
      items: [
        { id: 'x', text: 'X' },
        { id: 'y', text: 'Y' },
      ],
    });
    expect(grade(two, { type: 'ordering', itemIds: ['y', 'x'] })).toMatchObject({ score: 0 });
  });

  it('refuses anything but a permutation of the items', () => {
    for (const itemIds of [
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 'z'],
      ['a', 'b', 'c', 'c'],
    ]) {
      expect(order(itemIds)).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
    }
  });
});
