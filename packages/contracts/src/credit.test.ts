import { describe, expect, it } from 'vitest';
import { questionContent } from './question';
import { optionCredits } from './rules/credit';

const base = { stem: 'Which?', topic: 'credit', difficulty: 2 };
const parse = (type: string, options: object[], extra: object = {}) =>
  questionContent.safeParse({ ...base, ...extra, type, options });
const messages = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe('option credits in the question contract', () => {
  it('still reads options without credit, feedback or hints, adding none of them', () => {
    const result = parse('multiple_response', [
      { id: 'a', text: 'A', correct: true },
      { id: 'b', text: 'B', correct: false },
    ]);
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('hints');
    expect(result.data?.type === 'multiple_response' && result.data.options[0]).toEqual({
      id: 'a',
      text: 'A',
      correct: true,
    });
  });

  it('takes partial credit and penalties on the wrong options of a single choice', () => {
    const result = parse('single_choice', [
      { id: 'a', text: 'A', correct: true, credit: 1, feedback: 'Yes.' },
      { id: 'b', text: 'B', correct: false, credit: 0.5 },
      { id: 'c', text: 'C', correct: false, credit: -0.25 },
    ]);
    expect(result.success).toBe(true);
  });

  it('refuses a single choice whose correct option is not at full credit', () => {
    const rightHalf = parse('single_choice', [
      { id: 'a', text: 'A', correct: true, credit: 0.5 },
      { id: 'b', text: 'B', correct: false },
    ]);
    expect(messages(rightHalf)).toEqual(['the correct option is worth 100 %']);
  });

  it('takes other options at full credit in a single choice: Moodle accepts any of them', () => {
    const seasons = parse('single_choice', [
      { id: 'a', text: 'Spring', correct: true },
      { id: 'b', text: 'Summer', correct: false, credit: 1 },
      { id: 'c', text: 'Easter', correct: false },
    ]);
    expect(seasons.success).toBe(true);
  });

  it('takes Moodle thirds, whose positive credits sum to 0.9999999', () => {
    const third = 0.3333333;
    const result = parse('multiple_response', [
      { id: 'a', text: 'A', correct: true, credit: third },
      { id: 'b', text: 'B', correct: true, credit: third },
      { id: 'c', text: 'C', correct: true, credit: third },
      { id: 'd', text: 'D', correct: false, credit: -1 },
    ]);
    expect(result.success).toBe(true);
  });

  it('refuses multiple-response credits that miss some options, contradict the key or miss 100 %', () => {
    expect(
      messages(
        parse('multiple_response', [
          { id: 'a', text: 'A', correct: true, credit: 1 },
          { id: 'b', text: 'B', correct: false },
        ]),
      ),
    ).toEqual(['give every option a credit, or none']);
    expect(
      messages(
        parse('multiple_response', [
          { id: 'a', text: 'A', correct: true, credit: 1 },
          { id: 'b', text: 'B', correct: true, credit: 0 },
        ]),
      ),
    ).toEqual(['the correct options are exactly those with a positive credit']);
    expect(
      messages(
        parse('multiple_response', [
          { id: 'a', text: 'A', correct: true, credit: 0.5 },
          { id: 'b', text: 'B', correct: true, credit: 0.4 },
        ]),
      ),
    ).toEqual(['the positive credits must add up to 100 %']);
  });

  it('keeps credits within −1..1, feedback within its limit and at most five hints', () => {
    const options = [
      { id: 'a', text: 'A', correct: true, credit: 1.5 },
      { id: 'b', text: 'B', correct: false, feedback: 'x'.repeat(2_001) },
    ];
    expect(parse('single_choice', options).success).toBe(false);
    const hints = ['1', '2', '3', '4', '5', '6'];
    const plain = [
      { id: 'a', text: 'A', correct: true },
      { id: 'b', text: 'B', correct: false },
    ];
    expect(parse('single_choice', plain, { hints }).success).toBe(false);
    expect(parse('single_choice', plain, { hints: hints.slice(0, 5) }).success).toBe(true);
  });
});

describe('optionCredits', () => {
  it('gives a plain multiple response 1/C per correct and −1/W per wrong option', () => {
    const options = [
      { correct: true },
      { correct: true },
      { correct: false },
      { correct: false },
      { correct: false },
    ];
    expect(optionCredits('multiple_response', options)).toEqual([0.5, 0.5, -1 / 3, -1 / 3, -1 / 3]);
  });

  it('gives a plain single choice 1 for the correct option and 0 for the others', () => {
    expect(
      optionCredits('single_choice', [
        { correct: false },
        { correct: true },
        { correct: false, credit: 0.5 },
      ]),
    ).toEqual([0, 1, 0.5]);
  });
});

describe('accepted answers with credits in the question contract', () => {
  const shortText = (extra: object) =>
    questionContent.safeParse({
      ...base,
      type: 'short_text',
      accepted: ['Danube', 'river'],
      ...extra,
    });
  const numeric = (extra: object) =>
    questionContent.safeParse({ ...base, type: 'numeric', value: 3.14, tolerance: 0.01, ...extra });
  const problems = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

  it('reads a short text without credits as before, adding none', () => {
    const result = shortText({});
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('credits');
  });

  it('takes a credit per accepted answer, the first at 100 %', () => {
    expect(shortText({ credits: [1, 0.5] }).success).toBe(true);
    expect(problems(shortText({ credits: [0.5, 1] }))).toEqual([
      'the first accepted answer is the one learners are shown, worth 100 %',
    ]);
    expect(problems(shortText({ credits: [1] }))).toEqual([
      'give every accepted answer a credit, or none',
    ]);
    expect(shortText({ credits: [1, 0] }).success).toBe(false);
    expect(shortText({ credits: [1, 1.5] }).success).toBe(false);
  });

  it('takes more numeric answers with their own tolerance and credit', () => {
    expect(numeric({ alternatives: [{ value: 3, tolerance: 0.2, credit: 0.5 }] }).success).toBe(
      true,
    );
    expect(numeric({ alternatives: [] }).success).toBe(false);
    expect(numeric({ alternatives: [{ value: 3, tolerance: 0.2, credit: -0.5 }] }).success).toBe(
      false,
    );
    expect(numeric({ alternatives: [{ value: 3, tolerance: -1, credit: 0.5 }] }).success).toBe(
      false,
    );
  });
});
