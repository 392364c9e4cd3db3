import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  questionContent,
  type BankVisibility,
  type CatalogQuestionLookupResult,
  type QuestionList,
  type QuestionType,
} from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createBankRepository } from '../banks/bank.repository';
import { createQuestionRepository } from '../questions/question.repository';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

/**
 * A host chooses questions from a catalog bank through the main API, which lists and reads them
 * with its own client-credentials token: only such a token may, and only published questions of
 * public and premium banks ever show.
 */
describe('a catalog bank’s questions, listed and read by id for a service', () => {
  let t: TestQuestionDb;
  let acme: string;
  let service: string;
  let owner: string;
  const banks: Partial<Record<BankVisibility, string>> = {};
  /** Published question ids of the public bank by type. */
  const published = new Map<QuestionType, string>();
  let draftId: string;
  /** Published at version 1, with a version 2 being written. */
  let revisedId: string;

  const list = (token: string | undefined, bankId: string, query: string) =>
    t.app.inject({
      url: `${API}/catalog/banks/${bankId}/questions?${query}`,
      headers: token === undefined ? {} : bearer(token),
    });
  const listed = async (bankId: string, query: string) => {
    const response = await list(service, bankId, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<QuestionList>();
  };
  const lookup = (token: string | undefined, bankId: string, questionIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/catalog/banks/${bankId}/questions/lookup`,
      headers: token === undefined ? {} : bearer(token),
      payload: { questionIds },
    });
  const expectForbidden = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
  };
  const live = 'types=single_choice,true_false,numeric';

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner' });
    service = await t.issuer.signService();
    owner = await t.issuer.sign({ sub: 'olive' });
    const bankRepository = createBankRepository(t.db);
    const questions = createQuestionRepository(t.db);
    for (const visibility of ['public', 'premium', 'private'] as const) {
      const { id } = await bankRepository.create(acme, {
        slug: visibility,
        title: `A ${visibility} bank`,
        description: '',
        language: 'en',
        visibility,
        tags: [],
      });
      banks[visibility] = id;
    }
    const types = ['single_choice', 'true_false', 'numeric', 'matching'] as const;
    const ids = (await questions.insertMany(
      acme,
      banks.public!,
      types.map((type) => ({
        content: questionContent.parse(sampleQuestions[type]),
        status: 'published' as const,
      })),
      'olive',
    ))!;
    types.forEach((type, index) => published.set(type, ids[index]!));
    draftId = (await questions.insertMany(
      acme,
      banks.public!,
      [
        {
          content: questionContent.parse({
            ...sampleQuestions.true_false,
            stem: 'The Zambezi draft is unfinished.',
          }),
          status: 'draft',
        },
      ],
      'olive',
    ))![0]!;
    for (const visibility of ['premium', 'private'] as const) {
      await questions.insertMany(
        acme,
        banks[visibility]!,
        [{ content: questionContent.parse(sampleQuestions.true_false), status: 'published' }],
        'olive',
      );
    }
    // An author starts version 2 of a published question, with a word no published text has.
    revisedId = published.get('numeric')!;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/questions/${revisedId}`,
      headers: bearer(owner),
      payload: {
        content: { ...sampleQuestions.numeric, stem: 'How many continents has Okavango?' },
        expectedRevision: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t?.close());

  describe('listing', () => {
    it('lists published questions of the types asked, in the tenant list’s lines', async () => {
      const page = await listed(banks.public!, live);
      expect(page.questions.map((question) => question.type).sort()).toEqual([
        'single_choice',
        'true_false',
      ]);
      expect(page.questions[0]).toMatchObject({
        bankId: banks.public!,
        status: 'published',
        publishedVersion: 1,
        excerpt: expect.any(String),
      });
      expect(page.nextCursor).toBeNull();
      const matching = await listed(banks.public!, 'types=matching');
      expect(matching.questions.map((question) => question.id)).toEqual([
        published.get('matching'),
      ]);
    });

    it('pages, and searches with headlines', async () => {
      const first = await listed(banks.public!, `${live}&limit=1`);
      expect(first.questions).toHaveLength(1);
      expect(first.nextCursor).not.toBeNull();
      const second = await listed(
        banks.public!,
        `${live}&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
      );
      expect(second.questions).toHaveLength(1);
      expect(second.questions[0]!.id).not.toBe(first.questions[0]!.id);

      const found = await listed(banks.public!, `${live}&q=Berlin`);
      expect(found.questions.map((question) => question.id)).toEqual([published.get('true_false')]);
      expect(found.questions[0]!.headline).toContain('«Berlin»');
    });

    it('never lists a draft, nor a question while its next version is written', async () => {
      const every = await listed(banks.public!, 'types=true_false,numeric,single_choice,matching');
      const ids = every.questions.map((question) => question.id);
      expect(ids).not.toContain(draftId);
      expect(ids).not.toContain(revisedId);
      for (const word of ['Zambezi', 'Okavango', 'continents']) {
        expect(
          (await listed(banks.public!, `types=true_false,numeric&q=${word}`)).questions,
        ).toEqual([]);
      }
    });

    it('lists a premium bank’s questions: whether someone may see them is the caller’s call', async () => {
      expect((await listed(banks.premium!, live)).questions).toHaveLength(1);
    });

    it('refuses unknown or missing types', async () => {
      for (const query of [
        'types=true_false,drawing',
        'types=',
        '',
        'types=true_false&type=numeric',
      ]) {
        const response = await list(service, banks.public!, query);
        expect(response.statusCode, query).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation.failed' });
      }
      const badCursor = await list(service, banks.public!, `${live}&cursor=nope`);
      expect(badCursor.statusCode).toBe(400);
    });
  });

  describe('reading by id', () => {
    it('gives the published versions in the order asked, leaving out what it cannot', async () => {
      const response = await lookup(service, banks.public!, [
        published.get('true_false')!,
        draftId,
        revisedId,
        '00000000-0000-4000-8000-000000000000',
        published.get('single_choice')!,
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const { questions } = response.json<CatalogQuestionLookupResult>();
      expect(questions.map((question) => question.questionId)).toEqual([
        published.get('true_false'),
        revisedId,
        published.get('single_choice'),
      ]);
      // The version being written stays unseen; the published one is what a room pins.
      expect(questions[1]).toMatchObject({
        version: 1,
        content: { stem: sampleQuestions.numeric.stem },
      });
    });

    it('leaves out a question of another bank', async () => {
      const response = await lookup(service, banks.premium!, [published.get('true_false')!]);
      expect(response.json<CatalogQuestionLookupResult>().questions).toEqual([]);
    });

    it('validates the ids', async () => {
      const id = published.get('true_false')!;
      for (const questionIds of [[], [id, id], ['not-an-id']]) {
        const response = await lookup(service, banks.public!, questionIds);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'validation.failed' });
      }
    });
  });

  it('answers a private bank as it answers a missing one', async () => {
    for (const bankId of [banks.private!, '00000000-0000-4000-8000-000000000000']) {
      const listing = await list(service, bankId, live);
      expect(listing.statusCode).toBe(404);
      expect(listing.json()).toMatchObject({ code: 'not_found' });
      const read = await lookup(service, bankId, [published.get('true_false')!]);
      expect(read.statusCode).toBe(404);
    }
  });

  it('is for services only: no person, not the owner, no API key', async () => {
    for (const token of [
      owner,
      await t.issuer.sign({ sub: 'root', roles: ['admin'] }),
      await t.issuer.sign({ sub: 'olive', client_id: 'questa-web', roles: ['admin'] }),
    ]) {
      expectForbidden(await list(token, banks.public!, live));
      expectForbidden(await lookup(token, banks.public!, [published.get('true_false')!]));
    }
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(owner),
      payload: { scopes: ['banks:read'] },
    });
    const key = created.json<{ secret: string }>().secret;
    expectForbidden(await list(key, banks.public!, live));

    expect((await list(undefined, banks.public!, live)).statusCode).toBe(401);
    const stranger = await list(await t.issuer.signService('reports-worker'), banks.public!, live);
    expect(stranger.statusCode).toBe(401);
  });
});
