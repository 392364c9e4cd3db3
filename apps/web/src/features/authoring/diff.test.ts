import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { diffContent, diffWords } from './diff';

describe('diffWords', () => {
  it('marks nothing when the texts are equal', () => {
    expect(diffWords('The same text', 'The same text')).toEqual([
      { kind: 'same', text: 'The same text' },
    ]);
  });

  it('marks a replaced word and keeps the rest', () => {
    expect(diffWords('The capital of France', 'The capital of Spain')).toEqual([
      { kind: 'same', text: 'The capital of ' },
      { kind: 'removed', text: 'France' },
      { kind: 'added', text: 'Spain' },
    ]);
  });

  it('finds insertions and deletions in the middle', () => {
    expect(diffWords('a b c d', 'a x b d')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'added', text: 'x ' },
      { kind: 'same', text: 'b ' },
      { kind: 'removed', text: 'c ' },
      { kind: 'same', text: 'd' },
    ]);
  });

  it('handles empty texts on either side', () => {
    expect(diffWords('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }]);
    expect(diffWords('old words', '')).toEqual([{ kind: 'removed', text: 'old words' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('rebuilds both texts from its parts', () => {
    const before = 'Solve $x^2 = 4$ for x.\n\nShow your work.';
    const after = 'Solve $x^2 = 9$ for real x.\nShow all work.';
    const parts = diffWords(before, after);
    const text = (kinds: string[]) =>
      parts
        .filter((part) => kinds.includes(part.kind))
        .map((part) => part.text)
        .join('');
    expect(text(['same', 'removed'])).toBe(before);
    expect(text(['same', 'added'])).toBe(after);
  });
});

describe('diffContent', () => {
  const base: QuestionContent = {
    type: 'single_choice',
    stem: 'What is the capital of France?',
    explanation: '',
    topic: 'Europe',
    tags: ['capitals'],
    difficulty: 2,
    points: 1,
    media: [],
    licence: 'CC BY 4.0',
    attribution: '',
    options: [
      { id: 'a', text: 'Paris', correct: true },
      { id: 'b', text: 'Lyon', correct: false },
    ],
  };

  it('lists changed credits, option feedback and hints where the editor shows them', () => {
    const after: QuestionContent = {
      ...base,
      hints: ['Think of the Seine.'],
      options: [
        { id: 'a', text: 'Paris', correct: true, feedback: 'Yes.' },
        { id: 'b', text: 'Lyon', correct: false, credit: 0.5 },
      ],
    };
    expect(diffContent(base, after).map((c) => [c.path, c.before, c.after])).toEqual([
      ['options.0.feedback', undefined, 'Yes.'],
      ['options.1.credit', undefined, '50 %'],
      ['hints.0', undefined, 'Think of the Seine.'],
    ]);
  });

  it('lists nothing for equal versions', () => {
    expect(diffContent(base, structuredClone(base))).toEqual([]);
  });

  it('lists changed fields in editor order with a word diff for the stem', () => {
    const after: QuestionContent = {
      ...base,
      stem: 'What is the capital of Spain?',
      difficulty: 3,
      options: [
        { id: 'a', text: 'Madrid', correct: true },
        { id: 'b', text: 'Lyon', correct: false },
        { id: 'c', text: 'Seville', correct: false },
      ],
    };
    const changes = diffContent(base, after);
    expect(changes.map((change) => change.path)).toEqual([
      'stem',
      'options.0.text',
      'options.2.text',
      'options.2.correct',
      'difficulty',
    ]);
    expect(changes[0]?.words).toEqual([
      { kind: 'same', text: 'What is the capital of ' },
      { kind: 'removed', text: 'France?' },
      { kind: 'added', text: 'Spain?' },
    ]);
    expect(changes[2]).toEqual({ path: 'options.2.text', before: undefined, after: 'Seville' });
    expect(changes[4]).toEqual({ path: 'difficulty', before: 2, after: 3 });
  });

  it('compares versions of different types field by field', () => {
    const numeric: QuestionContent = {
      ...base,
      type: 'numeric',
      value: 42,
      tolerance: 0.5,
    } as QuestionContent;
    const paths = diffContent(base, numeric).map((change) => change.path);
    expect(paths).toEqual([
      'type',
      'options.0.text',
      'options.0.correct',
      'options.1.text',
      'options.1.correct',
      'value',
      'tolerance',
    ]);
  });
});
