import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnswerInput } from '@questa/contracts';
import { correctAnswer } from './correct-answer';
import { grade } from './grade';
import { answerFor, anyQuestion } from './test-arbitraries';

const runs = { numRuns: 500 };

describe('grade properties', () => {
  it('scores the exact correct answer 1, with full points, for any question', () => {
    fc.assert(
      fc.property(anyQuestion, (q) => {
        const result = grade(q, correctAnswer(q));
        expect(result).toMatchObject({ ok: true, correct: true, score: 1, points: q.points });
      }),
      runs,
    );
  });

  it('keeps every score within [0, 1], with correct exactly at 1', () => {
    const pair = anyQuestion.chain((q) => fc.tuple(fc.constant(q), answerFor(q)));
    fc.assert(
      fc.property(pair, ([q, answer]) => {
        const result = grade(q, answer);
        if (!result.ok) return; // e.g. a short_text answer over the length limit
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
        expect(result.correct).toBe(result.score === 1);
        expect(result.points).toBeCloseTo(result.score * q.points, 9);
      }),
      runs,
    );
  });

  it('never throws, whatever arrives as an answer', () => {
    fc.assert(
      fc.property(anyQuestion, fc.anything(), (q, junk) => {
        const result = grade(q, junk as AnswerInput);
        expect(typeof result.ok).toBe('boolean');
      }),
      runs,
    );
  });

  it('answers of another type are a type mismatch', () => {
    const two = fc.tuple(anyQuestion, anyQuestion).filter(([a, b]) => a.type !== b.type);
    fc.assert(
      fc.property(two, ([q, other]) => {
        expect(grade(q, correctAnswer(other))).toMatchObject({
          ok: false,
          error: { code: 'answer.type_mismatch', expected: q.type, received: other.type },
        });
      }),
      runs,
    );
  });
});
