import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESSAY_LIMITS, QUESTION_LIMITS as LIMITS, questionTypes } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

const long = (length: number) => 'x'.repeat(length);
const options = (count: number, correct: number[] = [0]) =>
  Array.from({ length: count }, (_, index) => ({
    id: `o${index}`,
    text: `Option ${index}`,
    correct: correct.includes(index),
  }));

/** What is wrong, and the field each error must name (under `body.content`). */
const malformed: [string, object, string][] = [
  // Limits every type shares, tried on each type below as well.
  ['an empty stem', { stem: '   ' }, 'stem'],
  ['a NUL character, which PostgreSQL cannot store', { topic: 'Geo\u0000graphy' }, 'topic'],
  ['a stem over 10,000 characters', { stem: long(LIMITS.stemMax + 1) }, 'stem'],
  ['an explanation over 10,000', { explanation: long(LIMITS.explanationMax + 1) }, 'explanation'],
  ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
  ['a tag over 40 characters', { tags: [long(41)] }, 'tags.0'],
  ['difficulty 6', { difficulty: 6 }, 'difficulty'],
  ['difficulty 2.5', { difficulty: 2.5 }, 'difficulty'],
  ['no topic', { topic: undefined }, 'topic'],
  ['points 0', { points: 0 }, 'points'],
  ['a media entry that is no hash', { media: ['cat.png'] }, 'media.0'],
  ['an unknown field', { secret: true }, ''],
];

const malformedByType: Record<string, [string, object, string][]> = {
  single_choice: [
    ['two correct options', { options: options(3, [0, 1]) }, 'options'],
    ['no correct option', { options: options(3, []) }, 'options'],
    ['one option', { options: options(1) }, 'options'],
    ['eleven options', { options: options(11) }, 'options'],
    ['duplicate option ids', { options: [...options(2), ...options(1, [])] }, 'options'],
    [
      'an option text over 4,000',
      { options: [{ id: 'a', text: long(4001), correct: true }, ...options(1, [])] },
      'options.0.text',
    ],
  ],
  multiple_response: [
    ['no correct option', { options: options(3, []) }, 'options'],
    ['eleven options', { options: options(11) }, 'options'],
  ],
  true_false: [['an answer that is not a boolean', { answer: 'yes' }, 'answer']],
  short_text: [
    ['no accepted answer', { accepted: [] }, 'accepted'],
    [
      '21 accepted answers',
      { accepted: Array.from({ length: 21 }, (_, i) => `a${i}`) },
      'accepted',
    ],
    ['an unknown whitespace rule', { whitespace: 'squash' }, 'whitespace'],
    ['a credit for only some accepted answers', { credits: [1] }, 'credits'],
    ['a first accepted answer below 100 %', { credits: [0.5, 1] }, 'credits'],
    ['an accepted answer worth nothing', { credits: [1, 0] }, 'credits.1'],
  ],
  numeric: [
    ['a negative tolerance', { tolerance: -1 }, 'tolerance'],
    ['a value that is not a number', { value: '7' }, 'value'],
    ['a unit over 20 characters', { unit: long(21) }, 'unit'],
    [
      'another accepted answer worth more than 100 %',
      { alternatives: [{ value: 6, tolerance: 0, credit: 1.5 }] },
      'alternatives.0.credit',
    ],
    ['an empty list of other answers', { alternatives: [] }, 'alternatives'],
  ],
  ordering: [
    ['one item', { items: [{ id: 'a', text: 'Only' }] }, 'items'],
    [
      'duplicate item ids',
      {
        items: [
          { id: 'a', text: 'A' },
          { id: 'a', text: 'B' },
        ],
      },
      'items',
    ],
  ],
  matching: [
    [
      'eleven pairs',
      { pairs: Array.from({ length: 11 }, (_, i) => ({ id: `${i}`, prompt: 'p', answer: 'a' })) },
      'pairs',
    ],
    [
      'a pair without an answer',
      {
        pairs: [
          { id: 'a', prompt: 'p' },
          { id: 'b', prompt: 'q', answer: 'r' },
        ],
      },
      'pairs.0.answer',
    ],
  ],
  cloze: [
    ['no blanks', { blanks: [] }, 'blanks'],
    [
      'a blank missing from the stem',
      { blanks: [{ id: 'other', kind: 'text', accepted: ['x'] }] },
      'blanks',
    ],
    [
      'a choice blank pointing past its options',
      {
        stem: 'Pick {{b}}',
        blanks: [{ id: 'b', kind: 'choice', options: ['x', 'y'], correct: 2 }],
      },
      'blanks.0.correct',
    ],
    [
      'a blank of an unknown kind',
      { stem: 'Pick {{b}}', blanks: [{ id: 'b', kind: 'drawing' }] },
      'blanks.0.kind',
    ],
  ],
  hotspot: [
    [
      'no correct region',
      { regions: [{ id: 'a', shape: 'circle', x: 0.5, y: 0.5, radius: 0.1, correct: false }] },
      'regions',
    ],
    ['an image the media list lacks', { media: [] }, 'media'],
    [
      'a region past the image',
      {
        regions: [
          { id: 'a', shape: 'rect', x: 0.5, y: 0.5, width: 0.6, height: 0.1, correct: true },
        ],
      },
      'regions.0',
    ],
    [
      'a coordinate over 1',
      { regions: [{ id: 'a', shape: 'circle', x: 1.5, y: 0.5, radius: 0.1, correct: true }] },
      'regions.0.x',
    ],
    [
      'a flat polygon',
      {
        regions: [
          {
            id: 'a',
            shape: 'polygon',
            correct: true,
            points: [
              { x: 0.1, y: 0.1 },
              { x: 0.5, y: 0.5 },
              { x: 0.9, y: 0.9 },
            ],
          },
        ],
      },
      'regions.0.points',
    ],
    ['no marker to place', { markers: 0 }, 'markers'],
    [
      'an image without a description',
      { image: { sha256: 'e'.repeat(64), alt: ' ', width: 10, height: 10 } },
      'image.alt',
    ],
  ],
  calculated: [
    ['a formula that does not parse', { formula: 'd +' }, 'formula'],
    ['a formula over 500 characters', { formula: `${'d + '.repeat(130)}t` }, 'formula'],
    ['a formula with an unknown variable', { formula: 'd / x' }, 'formula'],
    ['a placeholder that is no variable', { stem: 'How far is {x}?' }, 'stem'],
    [
      'a range whose maximum is below its minimum',
      {
        variables: [
          { name: 'd', min: 500, max: 100, decimals: 0 },
          { name: 't', min: 2, max: 5, decimals: 0 },
        ],
      },
      'variables.0.max',
    ],
    [
      'eleven variables',
      {
        variables: Array.from({ length: 11 }, (_, i) => ({
          name: `v${i}`,
          min: 1,
          max: 2,
          decimals: 0,
        })),
      },
      'variables',
    ],
    ['a negative tolerance', { tolerance: -1 }, 'tolerance'],
  ],
  essay: [
    ['a rubric over 10,000 characters', { rubric: long(ESSAY_LIMITS.rubricMax + 1) }, 'rubric'],
    [
      'a model answer over 10,000 characters',
      { modelAnswer: long(ESSAY_LIMITS.modelAnswerMax + 1) },
      'modelAnswer',
    ],
    ['a word limit of 0', { minWords: 0 }, 'minWords'],
    ['a word limit of 2.5', { maxWords: 2.5 }, 'maxWords'],
    ['a minimum above the maximum', { minWords: 300, maxWords: 100 }, 'maxWords'],
  ],
};

describe('question validation', () => {
  let t: TestQuestionDb;
  let acme: string;
  let bankId: string;
  let questionId: string;
  let ada: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author' });
    ada = bearer(await t.issuer.sign({ sub: 'ada' }));
    const bank = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: ada,
      payload: { slug: 'v', title: 'Validation' },
    });
    bankId = bank.json<{ id: string }>().id;
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/questions`,
      headers: ada,
      payload: { content: sampleQuestions.true_false },
    });
    questionId = created.json<{ id: string }>().id;
  });
  afterAll(() => t?.close());

  const expectFieldError = async (content: object, field: string, label: string) => {
    const expected = `body.content${field ? `.${field}` : ''}`;
    for (const request of [
      { method: 'POST' as const, url: `banks/${bankId}/questions`, payload: { content } },
      {
        method: 'PUT' as const,
        url: `questions/${questionId}`,
        payload: { content, expectedRevision: 1 },
      },
    ]) {
      const response = await t.app.inject({
        method: request.method,
        url: `${API}/clients/${acme}/${request.url}`,
        headers: ada,
        payload: request.payload,
      });
      expect(response.statusCode, `${request.method} ${label}`).toBe(400);
      const problem = response.json<{ code: string; errors: { field: string }[] }>();
      expect(problem.code).toBe('validation.failed');
      expect(
        problem.errors.map((error) => error.field),
        `${request.method} ${label}`,
      ).toContain(expected);
    }
  };

  for (const type of questionTypes) {
    it(`refuses malformed and oversized ${type} questions, naming each field`, async () => {
      for (const [label, change, field] of [...malformed, ...malformedByType[type]!]) {
        await expectFieldError({ ...sampleQuestions[type], ...change }, field, `${type}: ${label}`);
      }
    });
  }

  it('refuses an unknown type or a missing body with per-field errors', async () => {
    await expectFieldError({ ...sampleQuestions.true_false, type: 'drawing' }, 'type', 'drawing');
    const empty = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/questions/${questionId}`,
      headers: ada,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['body.content', 'body.expectedRevision']),
    );
  });

  it('leaves the question unchanged after refusing a save', async () => {
    const response = await t.app.inject({
      url: `${API}/clients/${acme}/questions/${questionId}`,
      headers: ada,
    });
    expect(response.json()).toMatchObject({
      revision: 1,
      current: { content: sampleQuestions.true_false },
    });
  });
});
