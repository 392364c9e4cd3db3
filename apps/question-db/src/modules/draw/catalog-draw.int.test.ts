import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { questionContent, type BankVisibility, type QuestionContent } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { createBankRepository } from '../banks/bank.repository';
import { createQuestionRepository } from '../questions/question.repository';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

interface Drawn {
  questions: { questionId: string; version: number; content: QuestionContent }[];
  shortfalls: { rule: number; wanted: number; found: number }[];
}

/**
 * Learners are members of no tenant, so the main API draws catalog questions for them with a
 * client-credentials token of its own, and only such a token may.
 */
describe('drawing from catalog banks as a service', () => {
  let t: TestQuestionDb;
  let acme: string;
  let service: string;
  const banks: Partial<Record<BankVisibility, string>> = {};
  let drafts: string[];

  const drawAs = (token: string | undefined, bankId: string, body: object = { rules: [] }) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/catalog/banks/${bankId}/draw`,
      headers: token === undefined ? {} : bearer(token),
      payload: body,
    });
  const drawn = async (bankId: string, body: object) => {
    const response = await drawAs(service, bankId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Drawn>();
  };
  const expectForbidden = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
  };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner' });
    service = await t.issuer.signService();
    const bankRepository = createBankRepository(t.db);
    const questions = createQuestionRepository(t.db);
    const content = (topic: string, index: number) =>
      questionContent.parse({ ...sampleQuestions.true_false, stem: `${topic} ${index}`, topic });
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
      await questions.insertMany(
        acme,
        id,
        Array.from({ length: 4 }, (_, index) => ({
          content: content('Geography', index),
          status: 'published' as const,
        })),
        'olive',
      );
    }
    drafts = (await questions.insertMany(
      acme,
      banks.public!,
      Array.from({ length: 6 }, (_, index) => ({
        content: content('Geography', 100 + index),
        status: 'draft' as const,
      })),
      'olive',
    ))!;
  });
  afterAll(() => t?.close());

  it('draws published questions from public and premium banks', async () => {
    for (const bankId of [banks.public!, banks.premium!]) {
      const result = await drawn(bankId, { rules: [{ topic: 'Geography', count: 3 }] });
      expect(result.shortfalls).toEqual([]);
      expect(result.questions).toHaveLength(3);
      expect(new Set(result.questions.map((question) => question.questionId)).size).toBe(3);
    }
  });

  it('never draws a draft, even when asked for more than is published', async () => {
    const result = await drawn(banks.public!, { rules: [{ count: 20 }] });
    expect(result.questions).toHaveLength(4);
    expect(result.shortfalls).toEqual([{ rule: 0, wanted: 20, found: 4 }]);
    for (const question of result.questions) expect(drafts).not.toContain(question.questionId);
  });

  it('keeps the seeded, repeatable draw of the tenant route', async () => {
    const body = { rules: [{ count: 2 }], seed: 'lesson-7' };
    expect(await drawn(banks.premium!, body)).toEqual(await drawn(banks.premium!, body));
  });

  it('answers a private bank as it answers a missing one', async () => {
    for (const bankId of [banks.private!, '00000000-0000-4000-8000-000000000000']) {
      const response = await drawAs(service, bankId, { rules: [{ count: 1 }] });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses a person’s token, even an admin’s or the tenant owner’s', async () => {
    for (const token of [
      await t.issuer.sign({ sub: 'learner' }),
      await t.issuer.sign({ sub: 'root', roles: ['admin'] }),
      await t.issuer.sign({ sub: 'olive' }),
      // Issued to the trusted client, but for a person: still a user token.
      await t.issuer.sign({ sub: 'olive', client_id: 'questa-web', roles: ['admin'] }),
    ]) {
      expectForbidden(await drawAs(token, banks.public!, { rules: [{ count: 1 }] }));
    }
  });

  it('refuses an API key, even one of the bank’s own tenant', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/credentials`,
      headers: bearer(await t.issuer.sign({ sub: 'olive' })),
      payload: { scopes: ['banks:read', 'banks:write'] },
    });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ secret: string }>().secret;
    expectForbidden(await drawAs(key, banks.public!, { rules: [{ count: 1 }] }));
  });

  it('asks for credentials without a token, and refuses a client it does not trust', async () => {
    const anonymous = await drawAs(undefined, banks.public!, { rules: [{ count: 1 }] });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');

    const stranger = await drawAs(await t.issuer.signService('reports-worker'), banks.public!, {
      rules: [{ count: 1 }],
    });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(stranger.json()).toMatchObject({ code: 'auth.required' });
  });

  it('gives the service nothing else: no tenant routes, nothing personal', async () => {
    const tenantDraw = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/banks/${banks.public!}/draw`,
      headers: bearer(service),
      payload: { rules: [{ count: 1 }] },
    });
    expect(tenantDraw.statusCode).toBe(404);
    expectForbidden(await t.app.inject({ url: `${API}/clients`, headers: bearer(service) }));
    expectForbidden(await t.app.inject({ url: `${API}/me/memberships`, headers: bearer(service) }));
  });

  it('validates the request as the tenant draw does', async () => {
    const response = await drawAs(service, banks.public!, { rules: [{ count: 0 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation.failed' });
    const badId = await drawAs(service, 'not-a-bank', { rules: [{ count: 1 }] });
    expect(badId.statusCode).toBe(400);
  });
});
