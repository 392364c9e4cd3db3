import { describe, expect, it } from 'vitest';
import { answerInput, type AnswerInput } from '@questa/contracts';
import { correctAnswer } from './correct-answer';
import { grade } from './grade';
import { question } from './test-fixtures';

const tf = question('true_false', { answer: true, points: 5 });

describe('grade', () => {
  it('returns a typed error, not a throw, for an answer of another type', () => {
    expect(grade(tf, { type: 'single_choice', optionId: 'a' })).toEqual({
      ok: false,
      error: {
        code: 'answer.type_mismatch',
        message: 'a true_false question cannot take a single_choice answer',
        expected: 'true_false',
        received: 'single_choice',
      },
    });
  });

  it('reports a type no question has as a mismatch', () => {
    const essay = { type: 'essay', text: 'hello' } as unknown as AnswerInput;
    expect(grade(tf, essay)).toMatchObject({
      ok: false,
      error: { code: 'answer.type_mismatch', received: 'essay' },
    });
  });

  it('returns answer.invalid with paths for malformed answers', () => {
    const malformed: unknown[] = [
      null,
      'true',
      { value: true },
      { type: 'true_false', value: 'yes' },
      { type: 'true_false', value: true, extra: 1 },
    ];
    for (const answer of malformed) {
      const result = grade(tf, answer as AnswerInput);
      expect(result).toMatchObject({ ok: false, error: { code: 'answer.invalid' } });
    }
    expect(grade(tf, { type: 'true_false', value: 'yes' } as unknown as AnswerInput)).toMatchObject(
      { error: { issues: [{ path: ['value'] }] } },
    );
  });

  it('multiplies the score by the question points', () => {
    expect(grade(tf, { type: 'true_false', value: true })).toMatchObject({ points: 5 });
    expect(grade(tf, { type: 'true_false', value: false })).toMatchObject({ points: 0 });
  });

  it('gives correctAnswer a valid, full-scoring answer', () => {
    const answer = correctAnswer(tf);
    expect(answerInput.parse(answer)).toEqual(answer);
    expect(grade(tf, answer)).toMatchObject({ correct: true, score: 1 });
  });
});
