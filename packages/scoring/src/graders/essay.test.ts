import { describe, expect, it } from 'vitest';
import { questionContent, type QuestionContent } from '@questa/contracts';
import { correctAnswer } from '../correct-answer';
import { grade } from '../grade';
import { presentQuestion } from '../present';
import { gradedEssay, isGradePoints, selfRatedEssay } from './essay';

const essay = questionContent.parse({
  type: 'essay',
  stem: 'Why is the sky blue?',
  topic: 'Physics',
  difficulty: 2,
  points: 3,
  rubric: '- Names Rayleigh scattering',
  modelAnswer: 'Short wavelengths scatter more.',
  maxWords: 150,
}) as Extract<QuestionContent, { type: 'essay' }>;

describe('essay', () => {
  it('is never scored by the machine: any answer awaits a person, with rubric and model answer', () => {
    for (const text of ['', 'Short wavelengths scatter more.']) {
      expect(grade(essay, { type: 'essay', text })).toEqual({
        ok: true,
        awaiting: true,
        correct: false,
        score: 0,
        points: 0,
        feedback: {
          type: 'essay',
          status: 'awaiting',
          rubric: '- Names Rayleigh scattering',
          modelAnswer: 'Short wavelengths scatter more.',
          rating: null,
        },
      });
    }
  });

  it('refuses another type of answer, and a text past the limit', () => {
    expect(grade(essay, { type: 'short_text', text: 'x' })).toMatchObject({ ok: false });
    expect(grade(essay, { type: 'essay', text: 'x'.repeat(30_001) })).toMatchObject({
      ok: false,
      error: { code: 'answer.invalid' },
    });
  });

  it('scores a self-rating as a share of the points', () => {
    expect(selfRatedEssay(essay, 'missed')).toMatchObject({ score: 0, points: 0, correct: false });
    expect(selfRatedEssay(essay, 'partly')).toMatchObject({
      score: 0.5,
      points: 1.5,
      correct: false,
      awaiting: false,
      feedback: { status: 'self_rated', rating: 'partly' },
    });
    expect(selfRatedEssay(essay, 'got_it')).toMatchObject({ score: 1, points: 3, correct: true });
  });

  it('takes a grader’s points in half-point steps up to the question’s points', () => {
    expect([0, 0.5, 1.5, 3].map((p) => isGradePoints(p, 3))).toEqual([true, true, true, true]);
    expect([-0.5, 0.25, 3.5, Number.NaN].map((p) => isGradePoints(p, 3))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // The full points of a question worth an odd fraction are always a valid grade.
    expect(isGradePoints(2.75, 2.75)).toBe(true);
    expect(gradedEssay(essay, 1.5)).toMatchObject({
      score: 0.5,
      points: 1.5,
      correct: false,
      feedback: { status: 'graded' },
    });
    expect(gradedEssay(essay, 3)).toMatchObject({ score: 1, correct: true });
  });

  it('shows the learner the word limits, and reveals the model answer as the key', () => {
    expect(presentQuestion(essay, Math.random)).toMatchObject({
      type: 'essay',
      minWords: null,
      maxWords: 150,
    });
    expect(presentQuestion(essay, Math.random)).not.toHaveProperty('modelAnswer');
    expect(correctAnswer(essay)).toEqual({
      type: 'essay',
      text: 'Short wavelengths scatter more.',
    });
  });

  it('refuses a minimum above the maximum', () => {
    const input = { ...essay, minWords: 200, maxWords: 100 };
    expect(questionContent.safeParse(input).success).toBe(false);
  });
});
