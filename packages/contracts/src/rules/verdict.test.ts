import { describe, expect, it } from 'vitest';
import { verdictOf } from './verdict';

describe('verdictOf', () => {
  it('is right only with every point', () => {
    expect(verdictOf({ points: 1, maxPoints: 1 })).toBe('correct');
    expect(verdictOf({ points: 5, maxPoints: 5 })).toBe('correct');
    expect(verdictOf({ points: 1 / 3 + 1 / 3 + 1 / 3, maxPoints: 1 })).toBe('correct');
    expect(verdictOf({ points: 0.1 + 0.2, maxPoints: 0.3 })).toBe('correct');
  });

  it('is partly right with some points but not all', () => {
    // An essay a grader scored 4 of 5, and one the learner rated "Partly" (half its points).
    expect(verdictOf({ points: 4, maxPoints: 5 })).toBe('partial');
    expect(verdictOf({ points: 0.5, maxPoints: 1 })).toBe('partial');
    expect(verdictOf({ points: 2 / 3, maxPoints: 1 })).toBe('partial');
    expect(verdictOf({ points: 0.01, maxPoints: 10 })).toBe('partial');
  });

  it('is wrong with no points', () => {
    expect(verdictOf({ points: 0, maxPoints: 1 })).toBe('wrong');
    expect(verdictOf({ points: 0, maxPoints: 0 })).toBe('wrong');
  });

  it('awaits grading until a person has scored the answer, whatever the placeholder points', () => {
    expect(verdictOf({ points: 0, maxPoints: 5, awaiting: true })).toBe('awaiting');
    expect(verdictOf({ points: null, maxPoints: 5 })).toBe('awaiting');
  });
});
