import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import type { BankVisibility } from '@questa/contracts';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { buildApp, questionDb } from '../../app';
import { QUESTION_DB_SCHEMA, questionDbMigrations } from '../../db/tables';
import { seedDemoContent, type SeedContent } from '../demo/seed-demo-content';
import { createFileMediaStore } from '../media/media-store';

// The catalog is public: no token is ever checked, so no issuer needs to exist.
const auth = {
  issuer: 'https://issuer.invalid',
  audience: 'questa-question-db',
  rolesClaim: 'roles',
  jwks: createLocalJWKSet({ keys: [] }),
};

const question = (stem: string) => ({
  mediaKeys: [],
  content: { type: 'true_false' as const, stem, topic: 'Facts', difficulty: 1, answer: true },
});

const bank = (
  slug: string,
  title: string,
  fields: {
    description?: string;
    language?: string;
    visibility?: BankVisibility;
    tags?: string[];
    questions: number;
  },
): SeedContent['banks'][number] => ({
  slug,
  title,
  description: fields.description ?? '',
  language: fields.language ?? 'en',
  visibility: fields.visibility ?? 'public',
  tags: fields.tags ?? [],
  questions: Array.from({ length: fields.questions }, (_, n) => question(`${title} ${n + 1}?`)),
});

const content: SeedContent = {
  tenant: { slug: 'catalog-search', name: 'Catalog search' },
  media: [],
  banks: [
    bank('capitals', 'World capitals', {
      description: 'Cities 100% worth knowing.',
      tags: ['geography'],
      questions: 3,
    }),
    bank('rivers', 'Rivers_and lakes', {
      language: 'de',
      visibility: 'premium',
      tags: ['geography', 'water'],
      questions: 1,
    }),
    bank('chemistry', 'Organic chemistry', { tags: ['science'], questions: 2 }),
    bank('empty', 'Empty capitals', { tags: ['unused'], questions: 0 }),
    bank('secret', 'Secret capitals', { visibility: 'private', questions: 2 }),
  ],
};

interface Listed {
  banks: { title: string }[];
  total: number;
  page: number;
  pageSize: number;
  languages: { language: string; bankCount: number }[];
  tags: { tag: string; bankCount: number }[];
}

describe('catalog search, filters, sort and pages', () => {
  let test: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.database, QUESTION_DB_SCHEMA, questionDbMigrations);
    const store = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
    await seedDemoContent(questionDb(test.database), store, content);
    // Distinct change times make the newest-first order certain.
    const changed = { capitals: '2026-01-01', rivers: '2026-03-01', chemistry: '2026-02-01' };
    for (const [slug, date] of Object.entries(changed)) {
      await questionDb(test.database)
        .updateTable('banks')
        .set({ updated_at: `${date}T00:00:00Z` })
        .where('slug', '=', slug)
        .execute();
    }
    app = await buildApp({ database: test.database, mediaStore: store, auth });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  async function list(query: string): Promise<Listed> {
    const response = await app.inject(`/qdb/api/v1/catalog/banks?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Listed>();
  }
  const titles = async (query: string) => (await list(query)).banks.map((b) => b.title);

  it('lists only listed banks with a published question, by title, with the count', async () => {
    const all = await list('');
    expect(all.banks.map((b) => b.title)).toEqual([
      'Organic chemistry',
      'Rivers_and lakes',
      'World capitals',
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 24 });
  });

  it('finds text in the title or the description in any letter case', async () => {
    expect(await titles('q=CAPITALS')).toEqual(['World capitals']);
    expect(await titles('q=worth%20KNOWING')).toEqual(['World capitals']);
    expect(await titles('q=nothing-like-this')).toEqual([]);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(await titles(`q=${encodeURIComponent('%')}`)).toEqual(['World capitals']);
    expect(await titles('q=_')).toEqual(['Rivers_and lakes']);
    expect(await titles(`q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by language, tag, free or premium, and size', async () => {
    expect(await titles('language=de')).toEqual(['Rivers_and lakes']);
    expect(await titles('tag=geography')).toEqual(['Rivers_and lakes', 'World capitals']);
    expect(await titles('access=premium')).toEqual(['Rivers_and lakes']);
    expect(await titles('access=free')).toEqual(['Organic chemistry', 'World capitals']);
    expect(await titles('minQuestions=2')).toEqual(['Organic chemistry', 'World capitals']);
    expect(await titles('tag=geography&access=free&q=world')).toEqual(['World capitals']);
    const narrowed = await list('tag=geography&minQuestions=2');
    expect(narrowed.total).toBe(1);
  });

  it('sorts by title, newest change or most questions', async () => {
    expect(await titles('sort=newest')).toEqual([
      'Rivers_and lakes',
      'Organic chemistry',
      'World capitals',
    ]);
    expect(await titles('sort=questions')).toEqual([
      'World capitals',
      'Organic chemistry',
      'Rivers_and lakes',
    ]);
  });

  it('pages through the matches, counting them all', async () => {
    const second = await list('pageSize=2&page=2');
    expect(second.banks.map((b) => b.title)).toEqual(['World capitals']);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect((await list('page=9')).banks).toEqual([]);
  });

  it('offers the languages and tags of listed banks, whatever the filters', async () => {
    const { languages, tags } = await list('q=chemistry');
    expect(languages).toEqual([
      { language: 'de', bankCount: 1 },
      { language: 'en', bankCount: 2 },
    ]);
    expect(tags).toEqual([
      { tag: 'geography', bankCount: 2 },
      { tag: 'science', bankCount: 1 },
      { tag: 'water', bankCount: 1 },
    ]);
  });

  it('refuses values it does not know with a readable problem per field', async () => {
    const response = await app.inject(
      '/qdb/api/v1/catalog/banks?sort=random&page=0&pageSize=1000&access=gratis&language=English&minQuestions=two',
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: { field: string; message: string }[] }>();
    expect(body.code).toBe('validation.failed');
    const byField = Object.fromEntries(body.errors.map((error) => [error.field, error.message]));
    expect(byField).toEqual({
      'querystring.sort': 'must be one of title, newest, questions',
      'querystring.page': 'must be 1 or more',
      'querystring.pageSize': 'must be 100 or less',
      'querystring.access': 'must be one of free, premium',
      'querystring.language': 'must be a language tag such as en or pt-BR',
      'querystring.minQuestions': 'must be a whole number',
    });
    const unknown = await app.inject('/qdb/api/v1/catalog/banks?colour=blue');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation.failed' });
  });
});
