import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import {
  buildApp as buildQuestionDb,
  createFileMediaStore,
  questionDb,
  QUESTION_DB_SCHEMA,
  questionDbMigrations,
  seedDemoContent,
} from '@questa/question-db';
import { startTestIssuer, type TestIssuer } from '@questa/question-db/testing';
import { createHttpQuestionDbClient } from '../../adapters/question-db-client';
import { buildApp } from '../../app';
import { TEST_ORIGIN, unreachableOidcClient } from '../../testing';
import { API_SCHEMA, apiMigrations } from '../../db/tables';

// The catalog needs no sign-in: the provider is configured but never reached.
const signIn = { oidc: unreachableOidcClient(), publicUrl: TEST_ORIGIN, secureCookies: false };

describe('catalog through the main API', () => {
  let test: TestDatabase;
  let qdb: FastifyInstance;
  let api: FastifyInstance;
  let qdbUrl: string;
  let issuer: TestIssuer;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
    await migrate(test.database, API_SCHEMA, apiMigrations);
    const mediaStore = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    await seedDemoContent(questionDb(test.database), mediaStore, {
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
    issuer = await startTestIssuer();
    qdb = await buildQuestionDb({ database: test.database, mediaStore, auth: issuer.auth });
    await qdb.listen({ port: 0, host: '127.0.0.1' });
    qdbUrl = `http://127.0.0.1:${(qdb.server.address() as AddressInfo).port}/qdb/api/v1`;
    api = await buildApp({
      ...signIn,
      database: test.database,
      questionDb: createHttpQuestionDbClient({ baseUrl: qdbUrl }),
    });
  });
  afterAll(async () => {
    await api?.close();
    await qdb?.close();
    await issuer?.close();
    await test?.dispose();
  });

  it('lists the catalog read from the question database', async () => {
    const response = await api.inject('/api/catalog/banks');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ banks: [{ title: 'Capitals', questionCount: 1 }] });
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
      database: test.database,
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
      database: test.database,
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
