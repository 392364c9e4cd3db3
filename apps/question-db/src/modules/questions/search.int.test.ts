import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionContent, type QuestionSummary } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createQuestionRepository } from './question.repository';
import { SEARCH_WINDOW } from './question-list.service';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

interface Page {
  questions: QuestionSummary[];
  nextCursor: string | null;
}

describe('listing and searching questions', () => {
  let t: TestQuestionDb;
  let acme: string;
  let geo: string;
  let french: string;
  let many: string;
  const headers: Record<string, { authorization: string }> = {};
  const ids: Record<string, string> = {};

  const list = async (query: Record<string, string | number>, who = 'ada') => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const response = await t.app.inject({
      url: `${API}/clients/${acme}/questions?${search}`,
      headers: headers[who],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const idsOf = (page: Page) => page.questions.map((question) => question.id);
  const named = (...names: string[]) => names.map((name) => ids[name]);

  /** Writes a question through the API so every copy and index is as in production. */
  const write = async (name: string, bankId: string, content: object, publish = false) => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${bankId}/questions`,
      headers: headers.ada,
      payload: { content },
    });
    expect(created.statusCode, created.body).toBe(201);
    let question = created.json<{ id: string; revision: number }>();
    ids[name] = question.id;
    for (const [who, action] of publish
      ? [
          ['ada', 'submit'],
          ['rey', 'publish'],
        ]
      : []) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `${API}/clients/${acme}/questions/${question.id}/transitions`,
        headers: headers[who!],
        payload: { action, expectedRevision: question.revision },
      });
      question = moved.json();
    }
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { ada: 'author', rey: 'reviewer' });
    for (const sub of ['ada', 'rey']) headers[sub] = bearer(await t.issuer.sign({ sub }));
    headers.root = bearer(await t.issuer.sign({ sub: 'root', roles: ['admin'] }));
    const bank = async (slug: string, language: string, visibility = 'public') => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/clients/${acme}/banks`,
        headers: headers.ada,
        payload: { slug, title: slug, language, visibility },
      });
      return response.json<{ id: string }>().id;
    };
    geo = await bank('geo', 'en');
    french = await bank('francais', 'fr-FR');
    many = await bank('many', 'en', 'private');

    // Oldest first: the volcano in an explanation is the newest, so relevance, not recency,
    // must put the stem match first.
    await write('stem', geo, {
      ...sampleQuestions.single_choice,
      stem: 'Which volcano erupted in 79 AD?',
      topic: 'Volcanoes',
      tags: ['history'],
      difficulty: 3,
    });
    await write('option', geo, {
      ...sampleQuestions.single_choice,
      stem: 'Which mountain is in Italy?',
      options: [
        { id: 'a', text: 'The volcano Etna', correct: true },
        { id: 'b', text: 'Mont Blanc', correct: false },
      ],
    });
    await write('explanation', geo, {
      ...sampleQuestions.true_false,
      stem: 'Pompeii was buried by ash.',
      explanation: 'The nearby volcano Vesuvius erupted.',
    });
    await write('capital', geo, sampleQuestions.single_choice, true);
    await write('accepted', geo, sampleQuestions.short_text);
    await write('pairs', geo, sampleQuestions.matching);
    await write('cloze', geo, sampleQuestions.cloze, true);
    await write('ordering', geo, sampleQuestions.ordering);
    await write('french', french, {
      ...sampleQuestions.true_false,
      stem: 'Les capitales européennes sont souvent au bord d’un fleuve.',
      topic: 'Europe',
    });

    // More matches than the ranked window holds, written straight to the repository.
    const contents = Array.from({ length: SEARCH_WINDOW + 30 }, (_, index) =>
      questionContent.parse({
        ...sampleQuestions.true_false,
        stem: `Glacier fact number ${index}${index % 10 === 0 ? ' about glaciers and glaciers' : ''}`,
      }),
    );
    await createQuestionRepository(t.db).insertMany(
      acme,
      many,
      contents.map((content) => ({ content, status: 'draft' as const })),
      'ada',
    );
  });
  afterAll(() => t?.close());

  it('ranks a match in the stem above one in an option, above one in the explanation', async () => {
    const page = await list({ q: 'volcano' });
    expect(idsOf(page)).toEqual(named('stem', 'option', 'explanation'));
    expect(page.questions[0]!.headline).toContain('«volcano»');
    expect(page.questions[2]!.headline).toContain('«volcano» Vesuvius');
    expect(page.nextCursor).toBeNull();
  });

  it('stems in the bank’s language: capitals finds capital', async () => {
    const page = await list({ q: 'capitals', bankId: geo });
    expect(idsOf(page)).toEqual(expect.arrayContaining(named('capital', 'cloze', 'pairs')));
    expect(page.questions.every((question) => question.headline?.includes('«capital»'))).toBe(true);
    // The French bank's questions are stemmed in French, across the tenant too.
    expect(idsOf(await list({ q: 'capitale' }))).toContain(ids.french);
    expect(idsOf(await list({ q: 'capitale', bankId: geo }))).not.toContain(ids.french);
  });

  it('searches option texts, accepted answers, pairs and cloze answers', async () => {
    expect(idsOf(await list({ q: 'Lyon' }))).toEqual(named('capital', 'stem'));
    expect(idsOf(await list({ q: 'Nile' }))).toEqual(named('accepted'));
    expect(idsOf(await list({ q: 'Madrid' }))).toEqual(named('pairs'));
    expect(idsOf(await list({ q: 'Tokyo' }))).toEqual(named('cloze'));
    expect(idsOf(await list({ q: 'Oslo' }))).toEqual(named('ordering'));
  });

  it('understands quoted phrases, OR and exclusions, and ignores stop words alone', async () => {
    expect(idsOf(await list({ q: '"volcano erupted"' }))).toEqual(named('stem'));
    expect(idsOf(await list({ q: 'volcano -Vesuvius -Etna' }))).toEqual(named('stem'));
    expect(idsOf(await list({ q: 'Nile or Madrid' })).sort()).toEqual(
      named('accepted', 'pairs').sort(),
    );
    expect(await list({ q: 'the' })).toEqual({ questions: [], nextCursor: null });
  });

  it('combines the search with filters', async () => {
    expect(idsOf(await list({ q: 'volcano', topic: 'Volcanoes' }))).toEqual(named('stem'));
    expect(idsOf(await list({ q: 'volcano', tag: 'history' }))).toEqual(named('stem'));
    expect(idsOf(await list({ q: 'volcano', type: 'true_false' }))).toEqual(named('explanation'));
    expect(idsOf(await list({ q: 'volcano', difficulty: 3 }))).toEqual(named('stem'));
    expect(idsOf(await list({ q: 'capital', status: 'published', bankId: geo })).sort()).toEqual(
      named('capital', 'cloze').sort(),
    );
    expect(idsOf(await list({ q: 'volcano', bankId: french }))).toEqual([]);
  });

  it('filters and pages the list newest first without a search', async () => {
    const published = await list({ status: 'published' });
    expect(idsOf(published)).toEqual(named('cloze', 'capital'));
    expect(published.questions[0]).toEqual({
      id: ids.cloze,
      bankId: geo,
      status: 'published',
      currentVersion: 1,
      publishedVersion: 1,
      revision: 3,
      type: 'cloze',
      excerpt: 'The capital of Japan is {{city}}.',
      topic: 'Geography',
      tags: [],
      difficulty: 2,
      updatedAt: expect.any(String),
    });
    expect(idsOf(await list({ type: 'matching' }))).toEqual(named('pairs'));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list({ bankId: geo, limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(
      named('ordering', 'cloze', 'pairs', 'accepted', 'capital', 'explanation', 'option', 'stem'),
    );
  });

  it('pages through more matches than the ranked window, then older ones, each once', async () => {
    const first = await list({ q: 'glaciers', bankId: many, limit: 100 });
    // The questions that say glacier three times rank first.
    expect(first.questions.slice(0, 3).every((q) => q.excerpt.includes('about glaciers'))).toBe(
      true,
    );
    const seen = idsOf(first);
    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor) {
      const page = await list({ q: 'glaciers', bankId: many, limit: 100, cursor });
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(SEARCH_WINDOW + 30);
    expect(new Set(seen).size).toBe(SEARCH_WINDOW + 30);
  });

  it('refuses a cursor it did not give out', async () => {
    for (const cursor of ['garbage', Buffer.from('["a","yesterday","x"]').toString('base64url')]) {
      const response = await t.app.inject({
        url: `${API}/clients/${acme}/questions?cursor=${cursor}`,
        headers: headers.ada,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field: 'query.cursor' }] });
    }
    const windowCursor = (await list({ q: 'glaciers', limit: 1 })).nextCursor!;
    const mixed = await t.app.inject({
      url: `${API}/clients/${acme}/questions?cursor=${windowCursor}`,
      headers: headers.ada,
    });
    expect(mixed.statusCode).toBe(400);
  });

  it('leaves private banks out for an admin who is not a member', async () => {
    const asAdmin = await list({ q: 'glaciers' }, 'root');
    expect(asAdmin.questions).toEqual([]);
    const bankOnly = await t.app.inject({
      url: `${API}/clients/${acme}/questions?bankId=${many}`,
      headers: headers.root,
    });
    expect(bankOnly.statusCode).toBe(404);
    expect(idsOf(await list({ q: 'volcano' }, 'root'))).toHaveLength(3);
  });
});
