import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionTransitions, questionTypes } from '@questa/contracts';
import { sampleQuestions } from './modules/questions/sample-questions';
import { bearer, startTestQuestionDb, type TestQuestionDb } from './testing';

const API = '/qdb/api/v1';
// Enough to find a crash on any path the schemas let through, few enough to keep the suite quick.
const numRuns = 100;

/** Values of every JSON shape, nested a little. */
const json = fc.jsonValue({ maxDepth: 3 });

/** Mostly a value that fits, sometimes anything at all. */
const roughly = <T>(fits: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: fits }, json);

// Any code point, NUL and lone surrogates included, which PostgreSQL refuses or replaces.
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
);
const choice = fc.record({
  id: roughly(text),
  text: roughly(text),
  correct: roughly(fc.boolean()),
});

/** Question content near the contract's shape, each field valid or not. */
const content = fc.record(
  {
    type: roughly(fc.constantFrom(...questionTypes)),
    stem: roughly(text),
    explanation: roughly(text),
    topic: roughly(text),
    tags: roughly(fc.array(text, { maxLength: 25 })),
    difficulty: roughly(fc.integer({ min: -1, max: 7 })),
    points: roughly(fc.double()),
    media: roughly(fc.array(fc.stringMatching(/^[0-9a-f]{64}$/), { maxLength: 3 })),
    options: roughly(fc.array(choice, { maxLength: 12 })),
    answer: roughly(fc.boolean()),
    accepted: roughly(fc.array(text, { maxLength: 3 })),
    value: roughly(fc.double()),
    tolerance: roughly(fc.double()),
    items: roughly(fc.array(fc.record({ id: text, text }), { maxLength: 12 })),
    pairs: roughly(fc.array(fc.record({ id: text, prompt: text, answer: text }), { maxLength: 3 })),
    blanks: roughly(
      fc.array(
        fc.record({
          id: text,
          kind: fc.constantFrom('text', 'choice', 'other'),
          accepted: roughly(fc.array(text)),
          options: roughly(fc.array(text)),
          correct: roughly(fc.integer({ min: -1, max: 12 })),
        }),
        { maxLength: 3 },
      ),
    ),
  },
  { requiredKeys: [] },
);

const validContent = fc.constantFrom(...Object.values(sampleQuestions));
const revision = roughly(fc.integer({ min: -1, max: 1000 }));
const bank = fc.record(
  {
    slug: roughly(fc.oneof(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), text)),
    title: roughly(text),
    description: roughly(text),
    language: roughly(fc.constantFrom('en', 'de', 'pt-BR', 'xx', 'EN', '')),
    visibility: roughly(fc.constantFrom('private', 'public', 'premium', 'secret')),
    tags: roughly(fc.array(text, { maxLength: 22 })),
  },
  { requiredKeys: [] },
);
const rule = fc.record(
  {
    topic: roughly(text),
    difficulty: roughly(fc.integer({ min: -1, max: 7 })),
    count: roughly(fc.integer({ min: -1, max: 600 })),
  },
  { requiredKeys: [] },
);

/** Bytes that begin like one of the accepted formats, or like nothing, then go astray. */
const fileBytes = fc
  .tuple(
    fc.constantFrom(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52],
      [0xff, 0xd8, 0xff],
      [...Buffer.from('GIF89a')],
      [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
      [...Buffer.from('RIFF\0\0\0\0WEBPVP8L')],
      [...Buffer.from('RIFF\0\0\0\0WEBPVP8X')],
      [...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')],
      [...Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [')],
      [],
    ),
    fc.oneof(
      fc.uint8Array({ maxLength: 512 }),
      fc.string().map((value) => new Uint8Array(Buffer.from(value))),
    ),
  )
  .map(([start, rest]) => Buffer.concat([Buffer.from(start), Buffer.from(rest)]));

describe('every write endpoint, and search, fed random input', () => {
  let t: TestQuestionDb;
  let acme: string;
  let bankId: string;
  let questionId: string;
  let owner: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner' });
    owner = bearer(await t.issuer.sign({ sub: 'olive' }));
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks`,
      headers: owner,
      payload: { slug: 'fuzz', title: 'Fuzz' },
    });
    bankId = created.json<{ id: string }>().id;
    const question = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/questions`,
      headers: owner,
      payload: { content: sampleQuestions.single_choice },
    });
    questionId = question.json<{ id: string }>().id;
  });
  afterAll(() => t?.close());

  const neverFails = async (
    method: 'POST' | 'PUT' | 'PATCH',
    path: () => string,
    payloads: fc.Arbitrary<unknown>,
  ) => {
    await fc.assert(
      fc.asyncProperty(payloads, async (payload) => {
        const response = await t.app.inject({
          method,
          url: `${API}/clients/${acme}/${path()}`,
          headers: owner,
          payload: payload as object,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.headers['content-type']).toMatch(/json/);
      }),
      { numRuns },
    );
  };

  it('creating banks', () => neverFails('POST', () => 'banks', fc.oneof(bank, json)));

  it('changing banks', () => neverFails('PATCH', () => `banks/${bankId}`, fc.oneof(bank, json)));

  it('creating questions', () =>
    neverFails(
      'POST',
      () => `banks/${bankId}/questions`,
      fc.oneof(fc.record({ content: fc.oneof(content, validContent) }), json),
    ));

  it('saving questions', async () => {
    // Half the saves carry the current revision, so the conflict check does not hide the rest.
    const current = async () =>
      (
        await t.app.inject({
          url: `${API}/clients/${acme}/questions/${questionId}`,
          headers: owner,
        })
      ).json<{ revision: number }>().revision;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(content, validContent),
        fc.oneof(revision, fc.constant('current')),
        json,
        async (body, expected, extra) => {
          const payload =
            extra === null
              ? extra
              : {
                  content: body,
                  expectedRevision: expected === 'current' ? await current() : expected,
                };
          const response = await t.app.inject({
            method: 'PUT',
            url: `${API}/clients/${acme}/questions/${questionId}`,
            headers: owner,
            payload: payload ?? 'null',
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns },
    );
  });

  it('moving questions through review', () =>
    neverFails(
      'POST',
      () => `questions/${questionId}/transitions`,
      fc.oneof(
        fc.record(
          { action: roughly(fc.constantFrom(...questionTransitions)), expectedRevision: revision },
          { requiredKeys: [] },
        ),
        json,
      ),
    ));

  it('drawing', () =>
    neverFails(
      'POST',
      () => `banks/${bankId}/draw`,
      fc.oneof(
        fc.record(
          {
            rules: roughly(fc.array(rule, { maxLength: 5 })),
            exclude: roughly(fc.array(fc.uuid(), { maxLength: 5 })),
            seed: roughly(text),
          },
          { requiredKeys: [] },
        ),
        json,
      ),
    ));

  it('uploading media', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileBytes,
        fc.constantFrom('image/png', 'image/svg+xml', 'application/json', 'text/plain', 'x/y'),
        async (body, contentType) => {
          const response = await t.app.inject({
            method: 'POST',
            url: `${API}/clients/${acme}/media`,
            headers: { ...owner, 'content-type': contentType },
            payload: body,
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
        },
      ),
      { numRuns },
    );
  });

  it('listing and searching, a read whose query text reaches PostgreSQL', async () => {
    const query = fc.dictionary(
      fc.constantFrom('q', 'topic', 'tag', 'type', 'difficulty', 'status', 'cursor', 'limit', 'x'),
      fc.oneof(text, fc.constantFrom('"unclosed', '-', 'or', '!!&|', 'WyJhIiwiMjAyNiJd')),
    );
    await fc.assert(
      fc.asyncProperty(query, async (parameters) => {
        const response = await t.app.inject({
          url: `${API}/clients/${acme}/questions?${new URLSearchParams(parameters)}`,
          headers: owner,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
      }),
      { numRuns },
    );
  });

  it('managing members and credentials', async () => {
    await neverFails('POST', () => 'credentials', json);
    await neverFails('PUT', () => 'members/someone', fc.oneof(fc.record({ role: text }), json));
  });
});
