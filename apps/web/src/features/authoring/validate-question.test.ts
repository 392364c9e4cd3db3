import type { QuestionContent } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { serverIssues, validateQuestion } from './validate-question';

const common = {
  stem: 'What is the capital of France?',
  explanation: '',
  topic: 'Europe',
  tags: [],
  difficulty: 2,
  points: 1,
  media: [],
  licence: 'CC BY 4.0',
  attribution: '',
};

type Choice = Extract<QuestionContent, { type: 'single_choice' }>;

const singleChoice = (correct: boolean[]): Choice => ({
  ...common,
  type: 'single_choice',
  options: correct.map((isCorrect, i) => ({
    id: `o${i}`,
    text: `Option ${i}`,
    correct: isCorrect,
  })),
});

describe('validateQuestion', () => {
  it('accepts a valid question', () => {
    expect(validateQuestion(singleChoice([true, false]))).toEqual({});
  });

  it('requires exactly one correct option for single choice', () => {
    expect(validateQuestion(singleChoice([true, true])).options).toEqual({ code: 'oneCorrect' });
    expect(validateQuestion(singleChoice([false, false])).options).toEqual({ code: 'oneCorrect' });
  });

  it('requires at least one correct option for multiple response, 2 to 10 options', () => {
    const none: QuestionContent = { ...singleChoice([false, false]), type: 'multiple_response' };
    expect(validateQuestion(none).options).toEqual({ code: 'someCorrect' });
    const one: QuestionContent = { ...singleChoice([true]), type: 'multiple_response' };
    expect(validateQuestion(one).options).toEqual({
      code: 'optionsCount',
      params: { min: 2, max: 10 },
    });
  });

  it('requires the stem, the topic and option texts, trimmed', () => {
    const issues = validateQuestion({
      ...singleChoice([true, false]),
      stem: '   ',
      topic: '',
      options: [
        { id: 'a', text: 'Paris', correct: true },
        { id: 'b', text: ' ', correct: false },
      ],
    });
    expect(issues.stem).toEqual({ code: 'required' });
    expect(issues.topic).toEqual({ code: 'required' });
    expect(issues['options.1.text']).toEqual({ code: 'required' });
    expect(issues['options.0.text']).toBeUndefined();
  });

  it('limits lengths, tags and points', () => {
    const issues = validateQuestion({
      ...singleChoice([true, false]),
      stem: 'x'.repeat(10_001),
      tags: ['y'.repeat(41)],
      points: 0,
    });
    expect(issues.stem).toEqual({ code: 'tooLong', params: { max: 10_000 } });
    expect(issues.tags).toEqual({ code: 'tagTooLong', params: { max: 40 } });
    expect(issues.points).toEqual({ code: 'points' });
  });

  it('checks numbers and a tolerance that is not negative', () => {
    const issues = validateQuestion({
      ...common,
      type: 'numeric',
      value: Number.NaN,
      tolerance: -1,
    });
    expect(issues.value).toEqual({ code: 'number' });
    expect(issues.tolerance).toEqual({ code: 'negative' });
  });

  it('requires every cloze blank in the stem and a correct choice', () => {
    const issues = validateQuestion({
      ...common,
      type: 'cloze',
      stem: 'Paris is the capital of {{b1}}.',
      blanks: [
        { id: 'b1', kind: 'text', accepted: ['France'], caseSensitive: false },
        { id: 'b2', kind: 'choice', options: ['red', 'blue'], correct: 2 },
      ],
    });
    expect(issues['blanks.0']).toBeUndefined();
    expect(issues['blanks.1']).toEqual({ code: 'blankMissing', params: { marker: '{{b2}}' } });
    expect(issues['blanks.1.correct']).toEqual({ code: 'choiceCorrect' });
    const empty = validateQuestion({ ...common, type: 'cloze', blanks: [] });
    expect(empty.blanks).toEqual({ code: 'blanksCount', params: { min: 1, max: 20 } });
  });

  it('requires accepted answers, ordering items and matching pairs', () => {
    expect(
      validateQuestion({
        ...common,
        type: 'short_text',
        accepted: [],
        caseSensitive: false,
        whitespace: 'collapse',
      }).accepted,
    ).toEqual({ code: 'acceptedCount', params: { min: 1, max: 20 } });
    expect(
      validateQuestion({ ...common, type: 'ordering', items: [{ id: 'a', text: 'One' }] }).items,
    ).toEqual({ code: 'itemsCount', params: { min: 2, max: 10 } });
    const pairs = validateQuestion({
      ...common,
      type: 'matching',
      pairs: [
        { id: 'a', prompt: 'France', answer: '' },
        { id: 'b', prompt: 'Spain', answer: 'Madrid' },
      ],
    });
    expect(pairs['pairs.0.answer']).toEqual({ code: 'required' });
  });
});

describe('serverIssues', () => {
  it('maps the server’s field paths onto the editor’s', () => {
    expect(
      serverIssues([
        { field: 'content.options.2.text', message: 'Too long' },
        { field: 'stem', message: 'Required' },
      ]),
    ).toEqual({
      'options.2.text': { code: 'server', params: { message: 'Too long' } },
      stem: { code: 'server', params: { message: 'Required' } },
    });
  });
});
