import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { buildApp } from '../../app';
import {
  startQuestionDbBeside,
  TEST_ORIGIN,
  unreachableOidcClient,
  type QuestionDbBeside,
} from '../../testing';

// The catalog needs no sign-in: the provider is configured but never reached.
const signIn = { oidc: unreachableOidcClient(), publicUrl: TEST_ORIGIN, secureCookies: false };

describe('catalog through the main API', () => {
  let beside: QuestionDbBeside;
  let api: FastifyInstance;
  let qdbUrl: string;

  beforeAll(async () => {
    beside = await startQuestionDbBeside({
      tenant: { slug: 'api-test', name: 'API test' },
      media: [],
      banks: [
        {
          slug: 'capitals',
          title: 'Capitals',
          description: 'Cities that govern.',
          language: 'en',
          visibility: 'public',
          tags: [],
          questions: [
            {
              mediaKeys: [],
              content: {
                type: 'short_text',
                stem: 'What is the capital of Italy?',
                topic: 'Europe',
                difficulty: 1,
                accepted: ['Rome'],
              },
            },
          ],
        },
      ],
    });
    qdbUrl = beside.url;
    api = await buildApp({
      ...signIn,
      database: beside.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
    });
  });
  afterAll(async () => {
    await api?.close();
    await beside?.close();
  });

  it('lists the catalog read from the question database', async () => {
    const response = await api.inject('/api/catalog/banks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ banks: [{ title: 'Capitals', questionCount: 1 }] });
  });

  it('passes search, filters, sort and page on to the question database', async () => {
    const found = await api.inject('/api/catalog/banks?q=CAPI&sort=questions&pageSize=5');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      banks: [{ title: 'Capitals' }],
      total: 1,
      page: 1,
      pageSize: 5,
      languages: [{ language: 'en', bankCount: 1 }],
    });
    const none = await api.inject('/api/catalog/banks?language=de');
    expect(none.json()).toMatchObject({ banks: [], total: 0 });
  });

  it('refuses a query it does not know before asking the question database', async () => {
    const response = await api.inject('/api/catalog/banks?sort=cheapest&page=-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
    const fields = response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    expect(fields.sort()).toEqual(['querystring.page', 'querystring.sort']);
  });

  it('answers a repeated request with 304 when the client already has it', async () => {
    const first = await api.inject('/api/catalog/banks');
    const again = await api.inject({
      url: '/api/catalog/banks',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows one bank, and passes on not_found for an unknown one', async () => {
    const { banks } = (await api.inject('/api/catalog/banks')).json<{ banks: { id: string }[] }>();
    const bank = await api.inject(`/api/catalog/banks/${banks[0]!.id}`);
    expect(bank.json()).toMatchObject({
      title: 'Capitals',
      topics: [{ topic: 'Europe', questionCount: 1 }],
    });
    const missing = await api.inject('/api/catalog/banks/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 503 unavailable while the question database is down, and recovers', async () => {
    const down = await buildApp({
      ...signIn,
      database: beside.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: 'http://127.0.0.1:9/qdb/api/v1' }),
      catalogTtlMs: 0,
    });
    const response = await down.inject('/api/catalog/banks');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code: 'unavailable', status: 503 });
    await down.close();

    const recovered = await buildApp({
      ...signIn,
      database: beside.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
      catalogTtlMs: 0,
    });
    expect((await recovered.inject('/api/catalog/banks')).statusCode).toBe(200);
    await recovered.close();
  });

  it('reports its own health', async () => {
    const response = await api.inject('/api/health');
    expect(response.json()).toEqual({ status: 'ok', service: 'api', database: 'up' });
  });
});
