import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishingSettings, QuestionDetail } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

describe('publishing needs a second person when the owner asks for it', () => {
  let t: TestQuestionDb;
  const headers: Record<string, { authorization: string }> = {};
  const tenants: Record<string, string> = {};
  const banks: Record<string, string> = {};

  const call = (who: string, tenant: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `${API}/clients/${tenants[tenant]}${url}`,
      headers: headers[who],
      payload,
    });
  const settings = async (who: string, tenant: string) => {
    const response = await call(who, tenant, 'GET', '/publishing');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PublishingSettings>();
  };
  const write = async (who: string, tenant: string) => {
    const response = await call(who, tenant, 'POST', `/banks/${banks[tenant]}/questions`, {
      content: sampleQuestions.true_false,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<QuestionDetail>();
  };
  const transition = (who: string, tenant: string, question: QuestionDetail, action: string) =>
    call(who, tenant, 'POST', `/questions/${question.id}/transitions`, {
      action,
      expectedRevision: question.revision,
    });

  beforeAll(async () => {
    t = await startTestQuestionDb();
    tenants.solo = await t.createTenant('solo', { sol: 'owner' });
    tenants.school = await t.createTenant('school', { olive: 'owner', ada: 'author' });
    tenants.team = await t.createTenant(
      'team',
      { tom: 'owner', rey: 'reviewer', amy: 'author', val: 'viewer' },
      { secondPerson: true },
    );
    for (const sub of ['sol', 'olive', 'ada', 'tom', 'rey', 'amy', 'val', 'newcomer']) {
      headers[sub] = bearer(await t.issuer.sign({ sub }));
    }
    banks.solo = await t.createBank(tenants.solo, 'solo-bank', headers.sol!);
    banks.school = await t.createBank(tenants.school, 'school-bank', headers.olive!);
    banks.team = await t.createBank(tenants.team, 'team-bank', headers.tom!);
  });
  afterAll(() => t?.close());

  it('lets a new workspace’s owner on their own publish a draft directly', async () => {
    expect(await settings('sol', 'solo')).toEqual({ secondPerson: false, publishers: 1 });
    const draft = await write('sol', 'solo');
    const published = await transition('sol', 'solo', draft, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<QuestionDetail>()).toMatchObject({
      publishedVersion: 1,
      current: { status: 'published' },
    });
  });

  it('lets authors publish while the owner asks for no review', async () => {
    expect((await settings('ada', 'school')).secondPerson).toBe(false);
    const draft = await write('ada', 'school');
    expect((await transition('ada', 'school', draft, 'publish')).statusCode).toBe(200);
  });

  it('with review asked for, needs someone other than the writer, and says who', async () => {
    expect(await settings('val', 'team')).toEqual({ secondPerson: true, publishers: 2 });
    // An author may not publish at all; the problem says who may.
    const byAmy = await write('amy', 'team');
    const refused = await transition('amy', 'team', byAmy, 'publish');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'auth.forbidden' });
    expect(refused.json<{ detail: string }>().detail).toMatch(/reviewers and owners/);

    // The owner may not publish a version they wrote themselves …
    const byTom = await write('tom', 'team');
    const own = await transition('tom', 'team', byTom, 'publish');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'publishing.second_person' });
    // … the reviewer may, once it is in review, and so may the owner for the author's draft.
    const submitted = await transition('tom', 'team', byTom, 'submit');
    expect(submitted.statusCode).toBe(200);
    const byRey = await transition('rey', 'team', submitted.json<QuestionDetail>(), 'publish');
    expect(byRey.statusCode, byRey.body).toBe(200);
    const amysPublished = await transition('tom', 'team', byAmy, 'publish');
    expect(amysPublished.statusCode, amysPublished.body).toBe(200);
  });

  it('lets only the owner choose, on or off, and nothing else', async () => {
    expect(
      (await call('rey', 'team', 'PUT', '/publishing', { secondPerson: false })).statusCode,
    ).toBe(403);
    const off = await call('tom', 'team', 'PUT', '/publishing', { secondPerson: false });
    expect(off.json()).toEqual({ secondPerson: false, publishers: 2 });
    const byTom = await write('tom', 'team');
    expect((await transition('tom', 'team', byTom, 'publish')).statusCode).toBe(200);
    // Authors publish too while the tenant needs no second person.
    expect(
      (await transition('amy', 'team', await write('amy', 'team'), 'publish')).statusCode,
    ).toBe(200);

    const on = await call('tom', 'team', 'PUT', '/publishing', { secondPerson: true });
    expect(on.json()).toEqual({ secondPerson: true, publishers: 2 });
    for (const secondPerson of ['yes', null]) {
      const bad = await call('tom', 'team', 'PUT', '/publishing', { secondPerson });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation.failed' });
    }
  });

  it('does not change as the team grows; a solo owner can ask for review anyway', async () => {
    const added = await call('sol', 'solo', 'PUT', '/members/newcomer', { role: 'reviewer' });
    expect(added.statusCode).toBe(204);
    expect(await settings('sol', 'solo')).toEqual({ secondPerson: false, publishers: 2 });
    const chosen = await call('olive', 'school', 'PUT', '/publishing', { secondPerson: true });
    expect(chosen.json()).toEqual({ secondPerson: true, publishers: 1 });
    const draft = await write('ada', 'school');
    expect((await transition('ada', 'school', draft, 'publish')).statusCode).toBe(403);
  });

  it('keeps tenants apart: another tenant answers as if it did not exist', async () => {
    expect((await call('sol', 'team', 'GET', '/publishing')).statusCode).toBe(404);
    expect(
      (await call('sol', 'team', 'PUT', '/publishing', { secondPerson: false })).statusCode,
    ).toBe(404);
  });
});
