import type { LearnerQuestion } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { chooseByNumber, emptyDraft, parseNumber, toAnswer } from './answer-draft';

const common = { stem: 'Q', topic: 'T', difficulty: 2, points: 1, media: [] };
const single: LearnerQuestion = {
  ...common,
  type: 'single_choice',
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
  ],
};
const multiple: LearnerQuestion = {
  ...common,
  type: 'multiple_response',
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
    { id: 'c', text: 'C' },
  ],
};
const cloze: LearnerQuestion = {
  ...common,
  type: 'cloze',
  blanks: [
    { id: 'b1', kind: 'text' },
    { id: 'b2', kind: 'choice', options: ['x', 'y'] },
  ],
};

describe('answer drafts', () => {
  it('reads numbers with a decimal point or comma, and refuses anything else', () => {
    expect(parseNumber('12.5')).toBe(12.5);
    expect(parseNumber(' 12,5 ')).toBe(12.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('-3e2')).toBe(-300);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('12 m')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('has no answer until one is chosen or typed', () => {
    expect(toAnswer(single, emptyDraft(single))).toBeNull();
    expect(toAnswer(single, { type: 'single_choice', optionId: 'b' })).toEqual({
      type: 'single_choice',
      optionId: 'b',
    });
    expect(toAnswer(multiple, emptyDraft(multiple))).toEqual({
      type: 'multiple_response',
      optionIds: [],
    });
    const numeric: LearnerQuestion = { ...common, type: 'numeric', unit: 'm' };
    expect(toAnswer(numeric, { type: 'numeric', text: '3,5' })).toEqual({
      type: 'numeric',
      value: 3.5,
    });
    expect(toAnswer(numeric, { type: 'numeric', text: '3,5 m' })).toBeNull();
  });

  it('needs every blank, and sends a choice blank as its option index', () => {
    expect(toAnswer(cloze, { type: 'cloze', values: { b1: 'Paris' } })).toBeNull();
    expect(toAnswer(cloze, { type: 'cloze', values: { b1: 'Paris', b2: 0 } })).toEqual({
      type: 'cloze',
      blanks: [
        { blankId: 'b1', value: 'Paris' },
        { blankId: 'b2', value: 0 },
      ],
    });
  });

  it('chooses options by number, toggling them for multiple response', () => {
    expect(chooseByNumber(single, emptyDraft(single), 2)).toEqual({
      type: 'single_choice',
      optionId: 'b',
    });
    expect(chooseByNumber(single, emptyDraft(single), 3)).toEqual(emptyDraft(single));
    let draft = chooseByNumber(multiple, emptyDraft(multiple), 3);
    draft = chooseByNumber(multiple, draft, 1);
    expect(draft).toEqual({ type: 'multiple_response', optionIds: ['a', 'c'] });
    expect(chooseByNumber(multiple, draft, 3)).toEqual({
      type: 'multiple_response',
      optionIds: ['a'],
    });
    const trueFalse: LearnerQuestion = { ...common, type: 'true_false' };
    expect(chooseByNumber(trueFalse, emptyDraft(trueFalse), 2)).toEqual({
      type: 'true_false',
      value: false,
    });
  });
});
