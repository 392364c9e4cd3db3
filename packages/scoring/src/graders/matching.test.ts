import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

const q = question('matching', {
  points: 4,
  pairs: [
    { id: 'fr', prompt: 'France', answer: 'Paris' },
    { id: 'de', prompt: 'Germany', answer: 'Berlin' },
    { id: 'it', prompt: 'Italy', answer: 'Rome' },
    { id: 'es', prompt: 'Spain', answer: 'Madrid' },
  ],
});
const match = (pairs: [string, string][]) =>
  grade(q, { type: 'matching', pairs: pairs.map(([pairId, answer]) => ({ pairId, answer })) });

describe('matching (fraction of prompts matched right)', () => {
  const right: [string, string][] = [
    ['fr', 'Paris'],
    ['de', 'Berlin'],
    ['it', 'Rome'],
    ['es', 'Madrid'],
  ];

  it('scores every prompt right 1', () => {
    expect(match(right)).toMatchObject({ correct: true, score: 1, points: 4 });
  });

  it('scores every prompt wrong 0', () => {
    const wrong: [string, string][] = [
      ['fr', 'Berlin'],
      ['de', 'Rome'],
      ['it', 'Madrid'],
      ['es', 'Paris'],
    ];
    expect(match(wrong)).toMatchObject({ correct: false, score: 0 });
  });

  it('gives credit per prompt and counts unanswered prompts as wrong', () => {
    const swapped: [string, string][] = [
      ['fr', 'Paris'],
      ['de', 'Berlin'],
      ['it', 'Madrid'],
      ['es', 'Rome'],
    ];
    expect(match(swapped)).toMatchObject({ score: 0.5, points: 2 });
    const result = match([['de', 'Berlin']]);
    expect(result).toMatchObject({ score: 0.25 });
    expect(result.ok && result.feedback).toEqual({
      type: 'matching',
      pairs: [
        { pairId: 'fr', given: null, expected: 'Paris', correct: false },
        { pairId: 'de', given: 'Berlin', expected: 'Berlin', correct: true },
        { pairId: 'it', given: null, expected: 'Rome', correct: false },
        { pairId: 'es', given: null, expected: 'Madrid', correct: false },
      ],
    });
  });

  it('forgives surrounding spaces and NFD, but not case', () => {
    expect(match([['fr', ' Paris ']])).toMatchObject({ score: 0.25 });
    const accented = question('matching', {
      pairs: [
        { id: 'a', prompt: 'light', answer: 'lumi\u00e8re' },
        { id: 'b', prompt: 'dark', answer: 'nuit' },
      ],
    });
    const given = [
      { pairId: 'a', answer: 'lumie\u0300re' },
      { pairId: 'b', answer: 'nuit' },
    ];
    expect(grade(accented, { type: 'matching', pairs: given })).toMatchObject({ score: 1 });
    expect(match([['fr', 'paris']])).toMatchObject({ ok: false });
  });

  it('accepts a shared answer text for both prompts that have it', () => {
    const shared = question('matching', {
      pairs: [
        { id: 'cat', prompt: 'cat', answer: 'mammal' },
        { id: 'dog', prompt: 'dog', answer: 'mammal' },
        { id: 'eel', prompt: 'eel', answer: 'fish' },
      ],
    });
    const pairs = [
      { pairId: 'cat', answer: 'mammal' },
      { pairId: 'dog', answer: 'mammal' },
      { pairId: 'eel', answer: 'mammal' },
    ];
    expect(grade(shared, { type: 'matching', pairs })).toMatchObject({ score: 2 / 3 });
  });

  it('refuses unknown prompts, unknown answers and repeated prompts', () => {
    expect(match([['uk', 'London']])).toMatchObject({
      ok: false,
      error: { issues: [{ path: ['pairs', 0, 'pairId'] }] },
    });
    expect(match([['fr', 'London']])).toMatchObject({
      ok: false,
      error: { issues: [{ path: ['pairs', 0, 'answer'] }] },
    });
    expect(
      match([
        ['fr', 'Paris'],
        ['fr', 'Rome'],
      ]),
    ).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
  });
});
