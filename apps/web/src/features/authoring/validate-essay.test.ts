import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { starterContent } from './question-templates';
import { validateQuestion } from './validate-question';

type Essay = Extract<QuestionContent, { type: 'essay' }>;

const essay = (changes: Partial<Essay> = {}): Essay => ({
  ...(starterContent('essay') as Essay),
  stem: 'Why do capitals grow?',
  topic: 'Europe',
  ...changes,
});

describe('validateQuestion for essays', () => {
  it('takes an essay without rubric, model answer or word limits', () => {
    expect(validateQuestion(essay())).toEqual({});
  });

  it('checks the word limits are whole numbers in range and in order', () => {
    expect(validateQuestion(essay({ minWords: 0 }))).toMatchObject({
      minWords: { code: 'words' },
    });
    expect(validateQuestion(essay({ maxWords: 2.5 }))).toMatchObject({
      maxWords: { code: 'words' },
    });
    expect(validateQuestion(essay({ minWords: 300, maxWords: 100 }))).toMatchObject({
      maxWords: { code: 'wordsOrder' },
    });
    expect(validateQuestion(essay({ minWords: 100, maxWords: 300 }))).toEqual({});
  });

  it('checks the rubric and the model answer are not too long', () => {
    const long = 'x'.repeat(10_001);
    expect(validateQuestion(essay({ rubric: long, modelAnswer: long }))).toMatchObject({
      rubric: { code: 'tooLong' },
      modelAnswer: { code: 'tooLong' },
    });
  });
});
