import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { question } from '../test-fixtures';

const single = question('single_choice', {
  points: 2,
  options: [
    { id: 'a', text: 'Paris', correct: true },
    { id: 'b', text: 'Lyon', correct: false },
  ],
});

// C = 2 correct (a, b), W = 3 wrong (c, d, e).
const multi = question('multiple_response', {
  points: 6,
  options: [
    { id: 'a', text: '2', correct: true },
    { id: 'b', text: '3', correct: true },
    { id: 'c', text: '4', correct: false },
    { id: 'd', text: '6', correct: false },
    { id: 'e', text: '9', correct: false },
  ],
});

const mr = (optionIds: string[]) => grade(multi, { type: 'multiple_response', optionIds });

describe('single_choice', () => {
  it('scores the correct option 1 and reports each option', () => {
    expect(grade(single, { type: 'single_choice', optionId: 'a' })).toEqual({
      ok: true,
      correct: true,
      score: 1,
      points: 2,
      feedback: {
        type: 'single_choice',
        options: [
          { optionId: 'a', chosen: true, correct: true },
          { optionId: 'b', chosen: false, correct: false },
        ],
      },
      awaiting: false,
    });
  });

  it('scores a wrong option 0', () => {
    expect(grade(single, { type: 'single_choice', optionId: 'b' })).toMatchObject({
      ok: true,
      correct: false,
      score: 0,
      points: 0,
    });
  });

  it('refuses an option the question does not have', () => {
    expect(grade(single, { type: 'single_choice', optionId: 'z' })).toMatchObject({
      ok: false,
      error: { code: 'answer.invalid', issues: [{ path: ['optionId'] }] },
    });
  });
});

describe('multiple_response', () => {
  it('scores exactly the correct options 1', () => {
    expect(mr(['b', 'a'])).toMatchObject({ correct: true, score: 1, points: 6 });
  });

  it('gives +1/C per correct option chosen', () => {
    expect(mr(['a'])).toMatchObject({ correct: false, score: 0.5, points: 3 });
  });

  it('takes 1/W per wrong option chosen', () => {
    const result = mr(['a', 'b', 'c']);
    expect(result).toMatchObject({ correct: false });
    expect(result.ok && result.score).toBeCloseTo(1 - 1 / 3, 12);
    expect(result.ok && result.points).toBeCloseTo(4, 12);
    expect(mr(['a', 'c'])).toMatchObject({ score: 0.5 - 1 / 3 });
  });

  it('floors at 0, so ticking everything earns nothing', () => {
    expect(mr(['a', 'c', 'd'])).toMatchObject({ score: 0, points: 0 });
    expect(mr(['a', 'b', 'c', 'd', 'e'])).toMatchObject({ score: 0 });
    expect(mr(['c'])).toMatchObject({ score: 0 });
  });

  it('accepts an empty selection as a wrong answer', () => {
    expect(mr([])).toMatchObject({ ok: true, correct: false, score: 0 });
  });

  it('does not penalise when every option is correct (W = 0)', () => {
    const allRight = question('multiple_response', {
      options: [
        { id: 'x', text: 'x', correct: true },
        { id: 'y', text: 'y', correct: true },
      ],
    });
    expect(grade(allRight, { type: 'multiple_response', optionIds: ['x'] })).toMatchObject({
      score: 0.5,
    });
  });

  it('marks each option chosen and correct', () => {
    const result = mr(['a', 'c']);
    expect(result.ok && result.feedback).toEqual({
      type: 'multiple_response',
      options: [
        { optionId: 'a', chosen: true, correct: true },
        { optionId: 'b', chosen: false, correct: true },
        { optionId: 'c', chosen: true, correct: false },
        { optionId: 'd', chosen: false, correct: false },
        { optionId: 'e', chosen: false, correct: false },
      ],
    });
  });

  it('refuses unknown and repeated option ids', () => {
    expect(mr(['a', 'zz'])).toMatchObject({
      ok: false,
      error: { code: 'answer.invalid', issues: [{ path: ['optionIds', 1] }] },
    });
    expect(mr(['a', 'a'])).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
  });
});

describe('true_false', () => {
  const tf = question('true_false', { answer: false });

  it('scores only the exact value', () => {
    expect(grade(tf, { type: 'true_false', value: false })).toMatchObject({
      correct: true,
      score: 1,
      feedback: { type: 'true_false', given: false, expected: false },
    });
    expect(grade(tf, { type: 'true_false', value: true })).toMatchObject({
      correct: false,
      score: 0,
    });
  });
});
