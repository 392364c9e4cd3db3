import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { validateQuestion } from './validate-question';

type Calculated = Extract<QuestionContent, { type: 'calculated' }>;

const calculated = (overrides: Partial<Calculated> = {}): Calculated => ({
  stem: 'A field is {a} m by {b} m. Its area?',
  explanation: '',
  topic: 'Fields',
  tags: [],
  difficulty: 2,
  points: 1,
  media: [],
  licence: 'CC BY 4.0',
  attribution: '',
  type: 'calculated',
  variables: [
    { name: 'a', min: 1, max: 10, decimals: 0 },
    { name: 'b', min: 1, max: 10, decimals: 0 },
  ],
  formula: 'a * b',
  tolerance: 0.01,
  toleranceType: 'relative',
  answerDecimals: 2,
  ...overrides,
});

describe('validateQuestion for calculated questions', () => {
  it('accepts a complete question', () => {
    expect(validateQuestion(calculated())).toEqual({});
  });

  it('checks the formula as it is typed: readable, known variables, some answer', () => {
    expect(validateQuestion(calculated({ formula: '' })).formula).toEqual({ code: 'required' });
    expect(validateQuestion(calculated({ formula: 'a * (b' })).formula).toEqual({
      code: 'formula',
      params: { position: 7 },
    });
    expect(validateQuestion(calculated({ formula: 'a * c' })).formula).toEqual({
      code: 'unknownVariable',
      params: { name: 'c' },
    });
    expect(validateQuestion(calculated({ formula: 'a / (b - b)' })).formula).toEqual({
      code: 'noAnswer',
    });
  });

  it('checks the placeholders and the variables', () => {
    expect(validateQuestion(calculated({ stem: '{a} by {c}?' })).stem).toEqual({
      code: 'unknownVariable',
      params: { name: '{c}' },
    });
    const issues = validateQuestion(
      calculated({
        variables: [
          { name: 'sqrt', min: 1, max: 10, decimals: 0 },
          { name: 'b', min: 5, max: 1, decimals: 9 },
        ],
        formula: '2',
        stem: 'Two?',
      }),
    );
    expect(issues['variables.0.name']).toEqual({ code: 'variableName' });
    expect(issues['variables.1.max']).toEqual({ code: 'range' });
    expect(issues['variables.1.decimals']).toEqual({ code: 'decimals', params: { max: 6 } });
  });
});
