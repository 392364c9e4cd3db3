import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaInfo, QuestionDetail } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { png } from '../media/test-images';
import { sampleQuestions } from './sample-questions';

const API = '/qdb/api/v1';

describe('hotspot questions', () => {
  let t: TestQuestionDb;
  let acme: string;
  let olive: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner' });
    olive = bearer(await t.issuer.sign({ sub: 'olive' }));
  });
  afterAll(() => t?.close());

  it('stores a hotspot question on an uploaded image and publishes it', async () => {
    const call = (method: 'GET' | 'POST', url: string, payload?: object | Buffer, extra = {}) =>
      t.app.inject({
        method,
        url: `${API}/clients/${acme}${url}`,
        headers: { ...olive, ...extra },
        payload,
      });
    const media = (
      await call('POST', '/media', png(60, 40), { 'content-type': 'image/png' })
    ).json<MediaInfo>();
    const bank = (await call('POST', '/banks', { slug: 'maps', title: 'Maps' })).json<{
      id: string;
    }>();
    const content = {
      ...sampleQuestions.hotspot,
      media: [media.sha256],
      image: { sha256: media.sha256, alt: 'A map', width: 60, height: 40 },
    };
    const created = await call('POST', `/banks/${bank.id}/questions`, { content });
    expect(created.statusCode, created.body).toBe(201);
    const question = created.json<QuestionDetail>();
    expect(question.current.content).toMatchObject({
      type: 'hotspot',
      markers: 1,
      image: { width: 60 },
    });
    const submitted = await call('POST', `/questions/${question.id}/transitions`, {
      action: 'submit',
      expectedRevision: question.revision,
    });
    const published = await call('POST', `/questions/${question.id}/transitions`, {
      action: 'publish',
      expectedRevision: submitted.json<QuestionDetail>().revision,
    });
    expect(published.statusCode, published.body).toBe(200);
    const listed = await call('GET', `/questions?bankId=${bank.id}&type=hotspot`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ questions: { id: string }[] }>().questions.map((q) => q.id)).toEqual([
      question.id,
    ]);
  });
});
