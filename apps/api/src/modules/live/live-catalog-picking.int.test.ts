import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LiveCandidateList,
  LiveHostBanks,
  LiveResults,
  LiveRoomSummary,
} from '@questa/contracts';
import {
  createFileMediaStore,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { asAuthor, riverQuestions, seededBank } from './live-test-fixtures';

/**
 * Hosts who belong to no tenant pick a room's questions by hand from catalog banks: the main API
 * lists and reads them in its own name after deciding whether the host may open the bank, with a
 * real question database beside it.
 */
describe('hand-picking a room’s questions from a catalog bank', () => {
  let kit: LearningApi;
  /** A premium learner, member of no tenant. */
  let premium: Learner;
  /** A free learner who hosts as an author of their own tenant. */
  let free: Learner;
  let premiumRiversId: string;
  /** Question ids of the premium Rivers bank by stem, the draft one among them. */
  const ids = new Map<string, string>();
  const draftStem = 'The Thames is longer than the Severn.';

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-live-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-catalog', name: 'River publisher' },
      media: [],
      banks: [seededBank('premium-rivers', 'Premium rivers', 'premium', riverQuestions)],
    });
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'live-free', name: 'Free school' },
      media: [],
      banks: [],
    });
    premium = await kit.learner('premium-host', { premium: true });
    free = await kit.learner('free-host');
    await seedMembership(qdb, { tenantSlug: 'live-free', userId: free.sub, role: 'author' });

    const banks = (await premium.call({ url: '/api/rooms/banks' })).json<LiveHostBanks>();
    premiumRiversId = banks.catalog.find((bank) => bank.title === 'Premium rivers')!.id;

    // The publisher's own view of the bank, and a draft they start in it.
    const publisher = `publisher-${Math.random().toString(36).slice(2)}`;
    await seedMembership(qdb, { tenantSlug: 'live-catalog', userId: publisher, role: 'author' });
    const clientId = (
      (await (
        await fetch(`${kit.beside.url}/me/memberships`, {
          headers: { authorization: `Bearer ${await kit.beside.issuer.sign({ sub: publisher })}` },
        })
      ).json()) as { memberships: { clientId: string }[] }
    ).memberships[0]!.clientId;
    const studio = await asAuthor(kit, publisher, clientId);
    await studio.writeDraft(premiumRiversId, draftStem);
    for (const [excerpt, id] of await studio.idsByExcerpt(premiumRiversId)) ids.set(excerpt, id);
  });
  afterAll(() => kit?.close());

  const idOf = (stem: string) => ids.get(stem)!;
  const candidatesOf = (who: Learner, bankId: string, search = '') =>
    who.call({ url: `/api/rooms/banks/${bankId}/questions${search}` });
  const open = (who: Learner, body: unknown) =>
    who.call({ method: 'POST', url: '/api/rooms', payload: body as object });

  it('lists a premium bank’s published questions of a live type to a premium host, searchable', async () => {
    const response = await candidatesOf(premium, premiumRiversId);
    expect(response.statusCode, response.body).toBe(200);
    const listed = response.json<LiveCandidateList>();
    // Neither the matching question nor the draft.
    expect(listed.questions.map((question) => question.excerpt).sort()).toEqual([
      'The Danube flows through Vienna.',
      'Which river flows through Cairo?',
      'Which river flows through Paris?',
    ]);
    expect(listed.questions[0]).toMatchObject({ version: 1, difficulty: expect.any(Number) });
    expect(listed.nextCursor).toBeNull();

    const found = (
      await candidatesOf(premium, premiumRiversId, '?q=Cairo')
    ).json<LiveCandidateList>();
    expect(found.questions.map((question) => question.excerpt)).toEqual([
      'Which river flows through Cairo?',
    ]);
    expect((await candidatesOf(premium, premiumRiversId, '?q=Thames')).json()).toEqual({
      questions: [],
      nextCursor: null,
    });
  });

  it('opens a room with the questions a premium host picked, in their order, pinned', async () => {
    const response = await open(premium, {
      bankId: premiumRiversId,
      questions: {
        mode: 'pick',
        questionIds: [
          idOf('Which river flows through Paris?'),
          idOf('The Danube flows through Vienna.'),
          idOf('Which river flows through Cairo?'),
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const room = response.json<LiveRoomSummary>();
    expect(room).toMatchObject({ bankTitle: 'Premium rivers', questionCount: 3 });
    const results = (
      await premium.call({ url: `/api/rooms/${room.id}/results` })
    ).json<LiveResults>();
    expect(results.questions.map((question) => question.stem)).toEqual([
      'Which river flows through Paris?',
      'The Danube flows through Vienna.',
      'Which river flows through Cairo?',
    ]);
  });

  it('keeps a premium bank’s picker and picks from a free host: payment.required', async () => {
    const picker = await candidatesOf(free, premiumRiversId);
    expect(picker.statusCode).toBe(402);
    expect(picker.json()).toMatchObject({ code: 'payment.required' });
    const picked = await open(free, {
      bankId: premiumRiversId,
      questions: { mode: 'pick', questionIds: [idOf('Which river flows through Cairo?')] },
    });
    expect(picked.statusCode).toBe(402);
    expect(picked.json()).toMatchObject({ code: 'payment.required' });
  });

  it('lets a free host pick from a public catalog bank', async () => {
    const listed = (await candidatesOf(free, kit.publicBankId)).json<LiveCandidateList>();
    expect(listed.questions.length).toBeGreaterThan(0);
    const response = await open(free, {
      bankId: kit.publicBankId,
      questions: { mode: 'pick', questionIds: [listed.questions[0]!.id] },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('names every picked question a live room cannot ask: another type, a draft, another bank’s', async () => {
    const publicOne = (await candidatesOf(premium, kit.publicBankId)).json<LiveCandidateList>()
      .questions[0]!.id;
    const response = await open(premium, {
      bankId: premiumRiversId,
      questions: {
        mode: 'pick',
        questionIds: [
          idOf('Which river flows through Cairo?'),
          idOf('Match each river to its sea.'),
          idOf(draftStem),
          publicOne,
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json<{
      code: string;
      errors: { field: string; message: string }[];
    }>();
    expect(problem.code).toBe('validation.failed');
    expect(problem.errors.map((error) => error.field)).toEqual([
      'questions.questionIds.1',
      'questions.questionIds.2',
      'questions.questionIds.3',
    ]);
    expect(problem.errors[0]!.message).toMatch(/Match each river.*matching/);
    // A draft reads like a stranger's id: the main API never sees what is not published.
    expect(problem.errors[1]!.message).toBe(
      `${idOf(draftStem)}: not a published question of this bank`,
    );
    expect(problem.errors[2]!.message).toBe(`${publicOne}: not a published question of this bank`);
  });

  it('answers 404 for a bank that is not in the catalog', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await candidatesOf(premium, missing)).statusCode).toBe(404);
    const response = await open(premium, {
      bankId: missing,
      questions: { mode: 'pick', questionIds: [idOf('Which river flows through Cairo?')] },
    });
    expect(response.statusCode).toBe(404);
  });

  it('is for hosts only', async () => {
    const learner = await kit.learner('learner');
    expect((await candidatesOf(learner, kit.publicBankId)).statusCode).toBe(403);
  });
});
