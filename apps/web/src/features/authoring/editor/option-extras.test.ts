import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { validateQuestion } from '../validate-question';
import { setCredit } from './option-extras';

type Choice = Extract<QuestionContent, { type: 'single_choice' | 'multiple_response' }>;

const question = (type: Choice['type'], correct: boolean[]): Choice =>
  ({
    type,
    stem: 'Which?',
    explanation: '',
    topic: 'T',
    tags: [],
    difficulty: 2,
    points: 1,
    media: [],
    licence: 'CC BY 4.0',
    attribution: '',
    options: correct.map((c, i) => ({ id: `o${i}`, text: `Option ${i}`, correct: c })),
  }) as Choice;

describe('setCredit', () => {
  it('keeps a multiple response key in step with the credits', () => {
    let q = question('multiple_response', [true, false, false]);
    q = setCredit(q, 0, 0.5);
    q = setCredit(q, 1, 0.5);
    q = setCredit(q, 2, -1);
    expect(q.options.map((o) => [o.correct, o.credit])).toEqual([
      [true, 0.5],
      [true, 0.5],
      [false, -1],
    ]);
    expect(validateQuestion(q).options).toBeUndefined();
  });

  it('makes a single choice option at 100 % the correct one, and takes 100 % from the other', () => {
    let q = question('single_choice', [true, false]);
    q = setCredit(q, 0, 1);
    q = setCredit(q, 1, 1);
    expect(q.options.map((o) => [o.correct, o.credit])).toEqual([
      [false, undefined],
      [true, 1],
    ]);
  });

  it('goes back to the default without the credit field', () => {
    const q = setCredit(setCredit(question('single_choice', [true, false]), 1, 0.5), 1, undefined);
    expect(q.options[1]).not.toHaveProperty('credit');
  });
});

describe('validateQuestion with credits and hints', () => {
  it('names credits that contradict the key, as the contract does', () => {
    const q = setCredit(question('multiple_response', [true, true, false]), 0, 1);
    expect(validateQuestion(q).options).toEqual({ code: 'creditEvery' });
    const sum = setCredit(setCredit(setCredit(q, 1, 0.5), 2, 0), 0, 0.25);
    expect(validateQuestion(sum).options).toEqual({ code: 'creditSum' });
  });

  it('wants every hint written and no more than five', () => {
    const q = { ...question('single_choice', [true, false]), hints: ['', '2', '3', '4', '5', '6'] };
    const issues = validateQuestion(q);
    expect(issues['hints.0']).toEqual({ code: 'required' });
    expect(issues.hints).toEqual({ code: 'hintsCount', params: { max: 5 } });
  });
});
