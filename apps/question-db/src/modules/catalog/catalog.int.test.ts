import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import type { SeedContent } from '../demo/seed-demo-content';
import { buildApp, questionDb } from '../../app';
import { QUESTION_DB_SCHEMA, questionDbMigrations } from '../../db/tables';
import { seedDemoContent } from '../demo/seed-demo-content';
import { createFileMediaStore } from '../media/media-store';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>dot</title></svg>';

// The catalog is public: no token is ever checked, so no issuer needs to exist.
const auth = {
  issuer: 'https://issuer.invalid',
  audience: 'questa-question-db',
  rolesClaim: 'roles',
  jwks: createLocalJWKSet({ keys: [] }),
};

const content: SeedContent = {
  tenant: { slug: 'catalog-test', name: 'Catalog test' },
  media: [{ key: 'dot', contentType: 'image/svg+xml', body: svg, width: 10, height: 10 }],
  banks: [
    {
      slug: 'open',
      title: 'Open bank',
      description: 'Anyone may practise here.',
      language: 'en',
      visibility: 'public',
      tags: ['demo'],
      questions: [
        {
          mediaKeys: ['dot'],
          content: {
            type: 'true_false',
            stem: 'Is this a dot? ![a dot](media:dot)',
            topic: 'Shapes',
            difficulty: 1,
            answer: true,
          },
        },
        {
          mediaKeys: [],
          content: {
            type: 'numeric',
            stem: 'What is $2 + 2$?',
            topic: 'Sums',
            difficulty: 1,
            value: 4,
            tolerance: 0,
          },
        },
        {
          mediaKeys: [],
          content: {
            type: 'numeric',
            stem: 'What is $3 + 3$?',
            topic: 'Sums',
            difficulty: 2,
            value: 6,
            tolerance: 0,
          },
        },
      ],
    },
    {
      slug: 'paid',
      title: 'Paid bank',
      description: '',
      language: 'en',
      visibility: 'premium',
      tags: [],
      questions: [],
    },
    {
      slug: 'hidden',
      title: 'Hidden bank',
      description: '',
      language: 'en',
      visibility: 'private',
      tags: [],
      questions: [],
    },
  ],
};

describe('catalog', () => {
  let test: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
    const store = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    const first = await seedDemoContent(questionDb(test.database), store, content);
    expect(first).toEqual({ seeded: true, questions: 3 });
    app = await buildApp({ database: test.database, mediaStore: store, auth });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('seeds only once', async () => {
    const store = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    expect(await seedDemoContent(questionDb(test.database), store, content)).toEqual({
      seeded: false,
      questions: 0,
    });
  });

  it('lists public and premium banks with their published question counts, never private or empty ones', async () => {
    const response = await app.inject('/qdb/api/v1/catalog/banks');
    expect(response.statusCode).toBe(200);
    const { banks } = response.json<{ banks: { title: string; questionCount: number }[] }>();
    expect(banks.map((b) => [b.title, b.questionCount])).toEqual([['Open bank', 3]]);
  });

  it('says a public bank without published questions is not in the catalog yet', async () => {
    const paid = await questionDb(test.database)
      .selectFrom('banks')
      .select('id')
      .where('slug', '=', 'paid')
      .executeTakeFirstOrThrow();
    const response = await app.inject(`/qdb/api/v1/catalog/banks/${paid.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'not_found',
      detail: 'This bank has no published questions yet, so it is not in the catalog.',
    });
  });

  it('describes one bank with its topics and question types', async () => {
    const { banks } = (await app.inject('/qdb/api/v1/catalog/banks')).json<{
      banks: { id: string }[];
    }>();
    const response = await app.inject(`/qdb/api/v1/catalog/banks/${banks[0]!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: 'Open bank',
      questionCount: 3,
      topics: [
        { topic: 'Sums', questionCount: 2 },
        { topic: 'Shapes', questionCount: 1 },
      ],
      questionTypes: ['numeric', 'true_false'],
    });
  });

  it('answers a private bank exactly like a missing one', async () => {
    const hidden = await questionDb(test.database)
      .selectFrom('banks')
      .select('id')
      .where('slug', '=', 'hidden')
      .executeTakeFirstOrThrow();
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await app.inject(`/qdb/api/v1/catalog/banks/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ code: 'not_found', status: 404 });
    }
  });

  it('refuses a malformed bank id with per-field errors', async () => {
    const response = await app.inject('/qdb/api/v1/catalog/banks/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation.failed',
      errors: [{ field: 'params.bankId', message: 'must be a bank id' }],
    });
  });

  it('serves seeded media by hash with immutable caching, and rewrites stems to the hash', async () => {
    const version = await questionDb(test.database)
      .selectFrom('question_versions')
      .select('content')
      .where('type', '=', 'true_false')
      .executeTakeFirstOrThrow();
    const [, hash] = /media:([0-9a-f]{64})/.exec(version.content.stem) ?? [];
    expect(version.content.media).toEqual([hash]);
    const response = await app.inject(`/cdn/media/${hash}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.body).toBe(svg);
    expect((await app.inject(`/cdn/media/${'0'.repeat(64)}`)).statusCode).toBe(404);
  });

  it('publishes its OpenAPI document from the shared schemas', async () => {
    const response = await app.inject('/qdb/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{ servers: { url: string }[]; paths: object }>();
    expect(document.servers).toEqual([{ url: '/qdb/api/v1' }]);
    expect(Object.keys(document.paths)).toContain('/catalog/banks/{bankId}');
  });

  it('reports health, and 503 with a problem document once the database is gone', async () => {
    expect((await app.inject('/qdb/api/v1/health')).json()).toEqual({
      status: 'ok',
      service: 'question-db',
      database: 'up',
    });
    const broken = await buildApp({
      database: {
        ...test.database,
        ping: () => Promise.reject(Object.assign(new Error('down'), { code: 'ECONNREFUSED' })),
      },
      mediaStore: createFileMediaStore(tmpdir()),
      auth,
    });
    const response = await broken.inject('/qdb/api/v1/health');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'unavailable', retryAfter: 5 });
    expect(response.headers['retry-after']).toBe('5');
    await broken.close();
  });

  it('puts a request id on every response, echoing a well-formed one', async () => {
    const response = await app.inject({
      url: '/qdb/api/v1/health',
      headers: { 'x-request-id': 'trace-1234-abcd' },
    });
    expect(response.headers['x-request-id']).toBe('trace-1234-abcd');
    const forged = await app.inject({
      url: '/qdb/api/v1/health',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
