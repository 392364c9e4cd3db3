import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_WORKSPACE_LIMITS, type WorkspaceUsage } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';
import { sampleQuestions } from '../questions/sample-questions';

const API = '/qdb/api/v1';

describe('free workspace limits', () => {
  let t: TestQuestionDb;
  let acme: string;
  let globex: string;
  const headers: Record<string, { authorization: string }> = {};

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', ada: 'author' });
    globex = await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['olive', 'ada', 'gus']) headers[sub] = bearer(await t.issuer.sign({ sub }));
    headers.root = bearer(await t.issuer.sign({ sub: 'root', roles: ['admin'] }));
  });
  afterAll(() => t?.close());

  const usage = async (who: string, clientId = acme) => {
    const response = await t.app.inject({
      url: `${API}/clients/${clientId}/limits`,
      headers: headers[who],
    });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries(
      response.json<WorkspaceUsage>().limits.map((limit) => [limit.kind, limit]),
    );
  };
  const invite = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/invitations`,
      headers: headers.olive,
      payload: { email, role: 'viewer' },
    });

  it('tells any member the limits and what is used, counting open invitations as members', async () => {
    expect(await invite('first@example.test')).toMatchObject({ statusCode: 201 });
    const limits = await usage('ada');
    expect(limits.members).toEqual({
      kind: 'members',
      used: 3,
      max: FREE_WORKSPACE_LIMITS.members,
      raised: false,
      source: 'free',
    });
    expect(limits.banks).toMatchObject({ used: 0, max: FREE_WORKSPACE_LIMITS.banks });
    const outsider = await t.app.inject({
      url: `${API}/clients/${acme}/limits`,
      headers: headers.gus,
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('refuses an invitation past the member limit, saying what it is and how to raise it', async () => {
    for (let n = 3; n < FREE_WORKSPACE_LIMITS.members; n++) {
      expect((await invite(`more-${n}@example.test`)).statusCode).toBe(201);
    }
    const refused = await invite('one-too-many@example.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'workspace.limit_reached' });
    expect(refused.json<{ detail: string }>().detail).toMatch(
      new RegExp(`may have ${FREE_WORKSPACE_LIMITS.members} members.*buy seats`),
    );
  });

  it('lets only a platform admin raise a limit, and keeps to it', async () => {
    const raise = (who: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/clients/${acme}/limits`,
        headers: headers[who],
        payload,
      });
    expect((await raise('olive', { members: 50 })).statusCode).toBe(403);
    const raised = await raise('root', { members: FREE_WORKSPACE_LIMITS.members + 1 });
    expect(raised.statusCode).toBe(200);
    expect((await usage('olive')).members).toMatchObject({
      max: FREE_WORKSPACE_LIMITS.members + 1,
      raised: true,
    });
    expect((await invite('now-fits@example.test')).statusCode).toBe(201);
    expect((await invite('again-too-many@example.test')).statusCode).toBe(409);
    expect((await raise('root', { members: null })).json<WorkspaceUsage>().limits[0]).toMatchObject(
      { max: FREE_WORKSPACE_LIMITS.members, raised: false },
    );
    expect((await raise('root', { members: 0 })).statusCode).toBe(400);
  });

  it('refuses a bank and questions past their limits, and an import that would pass one', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${globex}/limits`,
      headers: headers.root,
      payload: { banks: 1, questions: 2 },
    });
    const bankId = await t.createBank(globex, 'first', headers.gus!);
    const second = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${globex}/banks`,
      headers: headers.gus,
      payload: { slug: 'second', title: 'Second' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'workspace.limit_reached' });

    const write = () =>
      t.app.inject({
        method: 'POST',
        url: `${API}/clients/${globex}/banks/${bankId}/questions`,
        headers: headers.gus,
        payload: { content: sampleQuestions.true_false },
      });
    expect((await write()).statusCode).toBe(201);
    const gift = '::a::One? {T}\n\n::b::Two? {F}';
    const imported = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${globex}/banks/${bankId}/import?format=gift`,
      headers: { ...headers.gus, 'content-type': 'text/plain' },
      payload: gift,
    });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(imported.json<{ detail: string }>().detail).toMatch(/2 more would pass that/);
    expect((await write()).statusCode).toBe(201);
    expect((await write()).statusCode).toBe(409);
  });

  it('counts questions out again when their bank is deleted, making room for new ones', async () => {
    expect((await usage('gus', globex)).questions).toMatchObject({ used: 2, max: 2 });
    const [bank] = (
      await t.app.inject({ url: `${API}/clients/${globex}/banks`, headers: headers.gus })
    ).json<{ banks: { id: string }[] }>().banks;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${API}/clients/${globex}/banks/${bank!.id}`,
      headers: headers.gus,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await usage('gus', globex)).questions).toMatchObject({ used: 0 });
    // The other workspace's count is its own.
    expect((await usage('olive')).questions).toMatchObject({ used: 0 });

    const bankId = await t.createBank(globex, 'again', headers.gus!);
    const gift = '::a::One? {T}\n\n::b::Two? {F}';
    const imported = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${globex}/banks/${bankId}/import?format=gift`,
      headers: { ...headers.gus, 'content-type': 'text/plain' },
      payload: gift,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await usage('gus', globex)).questions).toMatchObject({ used: 2 });
  });
});
