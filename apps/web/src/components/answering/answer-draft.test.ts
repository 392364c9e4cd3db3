import type { AnswerInput, LearnerQuestion } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import {
  draftFromAnswer,
  emptyDraft,
  isBlankAnswer,
  isReady,
  moved,
  parseNumber,
  pickByNumber,
  toAnswer,
} from './answer-draft';

const common = { stem: 'Q', topic: 'T', difficulty: 1, points: 1, media: [] };
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
const trueFalse: LearnerQuestion = { ...common, type: 'true_false' };
const cloze: LearnerQuestion = {
  ...common,
  type: 'cloze',
  blanks: [
    { id: 'x', kind: 'text' },
    { id: 'y', kind: 'choice', options: ['one', 'two'] },
  ],
};

describe('answer drafts', () => {
  it('start empty, and nothing unanswerable becomes an answer', () => {
    expect(toAnswer(emptyDraft(single))).toBeNull();
    expect(toAnswer(emptyDraft(trueFalse))).toBeNull();
    expect(toAnswer({ type: 'numeric', text: '1,2,3' })).toBeNull();
    expect(isReady(emptyDraft(multiple))).toBe(false);
    expect(isReady({ type: 'short_text', text: '  ' })).toBe(false);
  });

  it('start an ordering from the shuffled order the server sent', () => {
    const ordering: LearnerQuestion = {
      ...common,
      type: 'ordering',
      items: [
        { id: 'c', text: 'C' },
        { id: 'a', text: 'A' },
      ],
    };
    expect(toAnswer(emptyDraft(ordering))).toEqual({ type: 'ordering', itemIds: ['c', 'a'] });
  });

  it('turn into the answers the API takes, leaving empty blanks and prompts out', () => {
    expect(toAnswer({ type: 'numeric', text: ' 12,5 ' })).toEqual({ type: 'numeric', value: 12.5 });
    expect(toAnswer({ type: 'cloze', blanks: { x: 'Paris', y: '' } })).toEqual({
      type: 'cloze',
      blanks: [{ blankId: 'x', value: 'Paris' }],
    });
    expect(toAnswer({ type: 'matching', pairs: { p1: 'Berlin', p2: '' } })).toEqual({
      type: 'matching',
      pairs: [{ pairId: 'p1', answer: 'Berlin' }],
    });
  });

  it('come back from a stored answer unchanged', () => {
    const cases: [LearnerQuestion, AnswerInput][] = [
      [single, { type: 'single_choice', optionId: 'b' }],
      [cloze, { type: 'cloze', blanks: [{ blankId: 'y', value: 1 }] }],
      [
        { ...common, type: 'numeric', unit: 'm' },
        { type: 'numeric', value: -3.25 },
      ],
    ];
    for (const [question, answer] of cases) {
      expect(toAnswer(draftFromAnswer(question, answer))).toEqual(answer);
    }
    // An answer of another type (a question edited since) starts the form afresh.
    expect(draftFromAnswer(single, { type: 'true_false', value: true })).toEqual(
      emptyDraft(single),
    );
  });

  it('parse numbers with a point or a comma, and refuse anything else', () => {
    expect(parseNumber('3.5')).toBe(3.5);
    expect(parseNumber('-0,25')).toBe(-0.25);
    expect(parseNumber(' 12,5 ')).toBe(12.5);
    expect(parseNumber('1e3')).toBe(1000);
    expect(parseNumber('-3e2')).toBe(-300);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('12 m')).toBeNull();
    expect(parseNumber('0x1A')).toBeNull();
    expect(parseNumber('Infinity')).toBeNull();
  });

  it('know a blank answer from a given one', () => {
    expect(isBlankAnswer({ type: 'multiple_response', optionIds: [] })).toBe(true);
    expect(isBlankAnswer({ type: 'short_text', text: ' ' })).toBe(true);
    expect(isBlankAnswer({ type: 'true_false', value: false })).toBe(false);
  });
});

describe('number keys', () => {
  it('choose the option of that number in a single choice', () => {
    expect(pickByNumber(single, emptyDraft(single), 2)).toEqual({
      type: 'single_choice',
      optionId: 'b',
    });
    expect(pickByNumber(single, emptyDraft(single), 3)).toBeNull();
  });

  it('tick and untick options in a multiple response, kept in shown order', () => {
    let draft = emptyDraft(multiple);
    draft = pickByNumber(multiple, draft, 3) ?? draft;
    draft = pickByNumber(multiple, draft, 1) ?? draft;
    expect(draft).toEqual({ type: 'multiple_response', optionIds: ['a', 'c'] });
    draft = pickByNumber(multiple, draft, 3) ?? draft;
    expect(draft).toEqual({ type: 'multiple_response', optionIds: ['a'] });
  });

  it('mean true (1) and false (2) in a true/false question', () => {
    expect(pickByNumber(trueFalse, emptyDraft(trueFalse), 1)).toEqual({
      type: 'true_false',
      value: true,
    });
    expect(pickByNumber(trueFalse, emptyDraft(trueFalse), 2)).toEqual({
      type: 'true_false',
      value: false,
    });
    expect(pickByNumber(trueFalse, emptyDraft(trueFalse), 3)).toBeNull();
  });

  it('do nothing for typed answers', () => {
    expect(pickByNumber(cloze, emptyDraft(cloze), 1)).toBeNull();
  });
});

describe('moved', () => {
  it('swaps an item with its neighbour, and stays put at the ends', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
