import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grade } from '../grade';
import { creditedMultipleResponse, creditedSingleChoice } from '../test-arbitraries';
import { question } from '../test-fixtures';

// Moodle's own example: two right answers at 50 %, two wrong ones at −50 % and −100 %.
const weighted = question('multiple_response', {
  points: 4,
  options: [
    { id: 'a', text: 'Mercury', correct: true, credit: 0.5, feedback: 'Yes, the closest.' },
    { id: 'b', text: 'Venus', correct: true, credit: 0.5 },
    { id: 'c', text: 'Jupiter', correct: false, credit: -0.5, feedback: 'A gas giant.' },
    { id: 'd', text: 'Pluto', correct: false, credit: -1 },
  ],
});
const mr = (optionIds: string[]) => grade(weighted, { type: 'multiple_response', optionIds });

const graded = question('single_choice', {
  points: 2,
  options: [
    { id: 'a', text: 'Paris', correct: true, feedback: 'Right.' },
    { id: 'b', text: 'Lyon', correct: false, credit: 0.5, feedback: 'A city, not the capital.' },
    { id: 'c', text: 'Berlin', correct: false, credit: -0.25 },
  ],
});
const sc = (optionId: string) => grade(graded, { type: 'single_choice', optionId });

describe('single choice with credits', () => {
  it("scores the chosen option's credit and sends its feedback alone", () => {
    expect(sc('b')).toEqual({
      ok: true,
      awaiting: false,
      correct: false,
      score: 0.5,
      points: 1,
      feedback: {
        type: 'single_choice',
        options: [
          { optionId: 'a', chosen: false, correct: true },
          { optionId: 'b', chosen: true, correct: false, feedback: 'A city, not the capital.' },
          { optionId: 'c', chosen: false, correct: false },
        ],
      },
    });
  });

  it('floors a penalty at 0 and scores the correct option 1', () => {
    expect(sc('c')).toMatchObject({ ok: true, correct: false, score: 0, points: 0 });
    expect(sc('a')).toMatchObject({ ok: true, correct: true, score: 1, points: 2 });
  });

  it('scores another option at full credit as fully right, as Moodle takes any of them', () => {
    const seasons = question('single_choice', {
      options: [
        { id: 'a', text: 'Spring', correct: true },
        { id: 'b', text: 'Summer', correct: false, credit: 1 },
        { id: 'c', text: 'Easter', correct: false },
      ],
    });
    const choose = (optionId: string) => grade(seasons, { type: 'single_choice', optionId });
    expect(choose('b')).toMatchObject({ ok: true, correct: true, score: 1 });
    expect(choose('a')).toMatchObject({ ok: true, correct: true, score: 1 });
    expect(choose('c')).toMatchObject({ ok: true, correct: false, score: 0 });
  });
});

describe('multiple response with credits', () => {
  it('adds the chosen credits, as Moodle does', () => {
    expect(mr(['a'])).toMatchObject({ score: 0.5, points: 2, correct: false });
    expect(mr(['a', 'b'])).toMatchObject({ score: 1, points: 4, correct: true });
    expect(mr(['a', 'b', 'c'])).toMatchObject({ score: 0.5, correct: false });
  });

  it('clamps at 0 below and never pays for ticking everything', () => {
    expect(mr(['a', 'd'])).toMatchObject({ score: 0, points: 0 });
    expect(mr(['a', 'b', 'c', 'd'])).toMatchObject({ score: 0 });
    expect(mr([])).toMatchObject({ score: 0 });
  });

  it('sends the feedback of the chosen options only', () => {
    const result = mr(['a', 'c']);
    expect(result.ok && result.feedback).toEqual({
      type: 'multiple_response',
      options: [
        { optionId: 'a', chosen: true, correct: true, feedback: 'Yes, the closest.' },
        { optionId: 'b', chosen: false, correct: true },
        { optionId: 'c', chosen: true, correct: false, feedback: 'A gas giant.' },
        { optionId: 'd', chosen: false, correct: false },
      ],
    });
  });

  it('gives exactly full credit for thirds written as 0.3333333', () => {
    const thirds = question('multiple_response', {
      options: ['a', 'b', 'c'].map((id) => ({ id, text: id, correct: true, credit: 0.3333333 })),
    });
    const all = grade(thirds, { type: 'multiple_response', optionIds: ['c', 'a', 'b'] });
    expect(all).toMatchObject({ score: 1, correct: true });
  });
});

describe('credit properties', () => {
  const runs = { numRuns: 300 };
  const credited = creditedMultipleResponse.map((options) =>
    question('multiple_response', { options }),
  );

  it("scores a single choice max(0, the chosen option's credit)", () => {
    const pair = creditedSingleChoice
      .map((options) => question('single_choice', { options }))
      .chain((q) => fc.tuple(fc.constant(q), fc.constantFrom(...q.options)));
    fc.assert(
      fc.property(pair, ([q, option]) => {
        const result = grade(q, { type: 'single_choice', optionId: option.id });
        expect(result).toMatchObject({ ok: true, score: Math.max(0, option.credit ?? 0) });
      }),
      runs,
    );
  });

  it('scores a multiple response the clamped sum of the chosen credits, within rounding', () => {
    const pair = credited.chain((q) =>
      fc.tuple(fc.constant(q), fc.shuffledSubarray(q.options.map((o) => o.id))),
    );
    fc.assert(
      fc.property(pair, ([q, optionIds]) => {
        const result = grade(q, { type: 'multiple_response', optionIds });
        const sum = q.options
          .filter((o) => optionIds.includes(o.id))
          .reduce((total, o) => total + (o.credit ?? 0), 0);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.score).toBeCloseTo(Math.min(1, Math.max(0, sum)), 5);
        expect(result.correct).toBe(result.score === 1);
      }),
      runs,
    );
  });

  it('never raises the score when a penalised option is added to a selection', () => {
    const pair = credited
      .filter((q) => q.options.some((o) => (o.credit ?? 0) < 0))
      .chain((q) => fc.tuple(fc.constant(q), fc.shuffledSubarray(q.options.map((o) => o.id))));
    fc.assert(
      fc.property(pair, ([q, optionIds]) => {
        const penalised = q.options.find((o) => (o.credit ?? 0) < 0 && !optionIds.includes(o.id));
        if (!penalised) return;
        const before = grade(q, { type: 'multiple_response', optionIds });
        const after = grade(q, {
          type: 'multiple_response',
          optionIds: [...optionIds, penalised.id],
        });
        expect(before.ok && after.ok && after.score <= before.score).toBe(true);
      }),
      runs,
    );
  });

  it('hands out feedback only for chosen options', () => {
    const pair = credited.chain((q) =>
      fc.tuple(fc.constant(q), fc.shuffledSubarray(q.options.map((o) => o.id))),
    );
    fc.assert(
      fc.property(pair, ([q, optionIds]) => {
        const result = grade(q, { type: 'multiple_response', optionIds });
        if (!result.ok || result.feedback.type !== 'multiple_response') throw new Error('ungraded');
        for (const entry of result.feedback.options) {
          const option = q.options.find((o) => o.id === entry.optionId);
          expect(entry.feedback).toBe(entry.chosen ? option?.feedback : undefined);
        }
      }),
      runs,
    );
  });
});
