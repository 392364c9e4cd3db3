import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionDetail } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

describe('accepted answers worth part of the marks', () => {
  let t: TestQuestionDb;
  let acme: string;
  let olive: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner' });
    olive = bearer(await t.issuer.sign({ sub: 'olive' }));
  });
  afterAll(() => t?.close());

  it('stores and returns the credit of each accepted answer', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${API}/clients/${acme}${url}`,
        headers: olive,
        ...(payload ? { payload } : {}),
      });
    const bank = (await call('POST', '/banks', { slug: 'rivers', title: 'Rivers' })).json<{
      id: string;
    }>();
    const river = {
      ...sampleQuestions.short_text,
      accepted: ['Nile', 'The Nile', 'a river'],
      credits: [1, 1, 0.25],
    };
    const continents = {
      ...sampleQuestions.numeric,
      alternatives: [{ value: 6, tolerance: 0, credit: 0.5 }],
    };
    for (const content of [river, continents]) {
      const created = await call('POST', `/banks/${bank.id}/questions`, { content });
      expect(created.statusCode, created.body).toBe(201);
      const question = created.json<QuestionDetail>();
      expect(question.current.content).toMatchObject(content);
      const read = await call('GET', `/questions/${question.id}`);
      expect(read.json<QuestionDetail>().current.content).toEqual(question.current.content);
    }
  });
});
