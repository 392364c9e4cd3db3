import { describe, expect, it } from 'vitest';
import { keepPassagesTogether, shuffleKeepingPassages } from './passages';

const q = (id: string, passageId: string | null = null, passagePosition?: number) => ({
  id,
  passageId,
  ...(passagePosition === undefined ? {} : { passagePosition }),
});

describe('keepPassagesTogether', () => {
  it('moves a passage’s questions to where its first one stands, in authored order', () => {
    const questions = [q('a'), q('p2', 'P', 2), q('b'), q('p1', 'P', 1), q('c'), q('p3', 'P', 3)];
    expect(keepPassagesTogether(questions).map((x) => x.id)).toEqual([
      'a',
      'p1',
      'p2',
      'p3',
      'b',
      'c',
    ]);
  });
});

describe('shuffleKeepingPassages', () => {
  it('shuffles groups as blocks and never splits or reorders one', () => {
    const questions = [
      q('a'),
      q('b'),
      q('p1', 'P', 1),
      q('p2', 'P', 2),
      q('p3', 'P', 3),
      q('r1', 'R', 1),
      q('r2', 'R', 2),
      q('c'),
    ];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const orders = new Set<string>();
    for (let run = 0; run < 30; run++) {
      const ids = shuffleKeepingPassages(questions, random).map((x) => x.id);
      expect(ids).toHaveLength(8);
      const p = ids.indexOf('p1');
      expect(ids.slice(p, p + 3)).toEqual(['p1', 'p2', 'p3']);
      const r = ids.indexOf('r1');
      expect(ids.slice(r, r + 2)).toEqual(['r1', 'r2']);
      orders.add(ids.join());
    }
    expect(orders.size).toBeGreaterThan(5);
  });
});
