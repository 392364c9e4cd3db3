import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_WORKSPACE_LIMITS, paidWorkspaceLimits, type WorkspaceUsage } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const API = '/qdb/api/v1';

describe('the limits a paid plan gives', () => {
  let t: TestQuestionDb;
  let acme: string;
  const headers: Record<string, { authorization: string }> = {};

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', ada: 'author' });
    for (const sub of ['olive', 'ada']) headers[sub] = bearer(await t.issuer.sign({ sub }));
    headers.root = bearer(await t.issuer.sign({ sub: 'root', roles: ['admin'] }));
    headers.service = bearer(await t.issuer.signService());
    // A person's token that names the trusted client is still a person's.
    headers.lookalike = bearer(
      await t.issuer.sign({ sub: 'olive', client_id: 'questa-web', roles: ['admin'] }),
    );
    const key = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/credentials`,
      headers: headers.olive,
      payload: { scopes: ['banks:read', 'banks:write'] },
    });
    expect(key.statusCode, key.body).toBe(201);
    headers.apiKey = bearer(key.json<{ secret: string }>().secret);
  });
  afterAll(() => t?.close());

  const setPlanLimits = (who: string, payload: object, clientId = acme) =>
    t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${clientId}/plan-limits`,
      headers: headers[who],
      payload,
    });
  const membersLimit = async () => {
    const response = await t.app.inject({
      url: `${API}/clients/${acme}/limits`,
      headers: headers.ada,
    });
    return response.json<WorkspaceUsage>().limits.find((limit) => limit.kind === 'members')!;
  };
  const invite = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/clients/${acme}/invitations`,
      headers: headers.olive,
      payload: { email, role: 'viewer' },
    });

  it('is set by the main API as a service, and by no owner, member, key or admin', async () => {
    const payload = { limits: paidWorkspaceLimits(8), revision: 1 };
    expect((await setPlanLimits('olive', payload)).statusCode).toBe(403);
    expect((await setPlanLimits('ada', payload)).statusCode).toBe(403);
    expect((await setPlanLimits('apiKey', payload)).statusCode).toBe(403);
    expect((await setPlanLimits('root', payload)).statusCode).toBe(403);
    expect((await setPlanLimits('lookalike', payload)).statusCode).toBe(403);
    expect(await membersLimit()).toMatchObject({ max: FREE_WORKSPACE_LIMITS.members });

    const set = await setPlanLimits('service', payload);
    expect(set.statusCode, set.body).toBe(200);
    expect(await membersLimit()).toMatchObject({ max: 8, source: 'plan', raised: false });
    const usage = set.json<WorkspaceUsage>().limits;
    expect(usage.find((limit) => limit.kind === 'banks')).toMatchObject({
      max: paidWorkspaceLimits(8).banks,
      source: 'plan',
    });
    // The service is not a member of anything: the rest of the workspace stays closed to it.
    const members = await t.app.inject({
      url: `${API}/clients/${acme}/members`,
      headers: headers.service,
    });
    expect(members.statusCode).toBe(404);
  });

  it('answers a missing workspace as missing, and refuses a malformed setting', async () => {
    const missing = await setPlanLimits(
      'service',
      { limits: null, revision: 9 },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await setPlanLimits('service', { limits: { members: 3 }, revision: 2 })).statusCode,
    ).toBe(400);
    expect((await setPlanLimits('service', { limits: null, revision: 0 })).statusCode).toBe(400);
  });

  it('lets the workspace invite up to its seats, and keeps a late, older setting from winning', async () => {
    for (let n = 2; n < 8; n++) {
      expect((await invite(`seat-${n}@example.test`)).statusCode).toBe(201);
    }
    expect((await invite('ninth@example.test')).json()).toMatchObject({
      code: 'workspace.limit_reached',
    });
    expect(
      (await setPlanLimits('service', { limits: paidWorkspaceLimits(10), revision: 3 })).statusCode,
    ).toBe(200);
    // Revision 2 was sent earlier and arrives late (a retry): it changes nothing.
    await setPlanLimits('service', { limits: paidWorkspaceLimits(6), revision: 2 });
    expect(await membersLimit()).toMatchObject({ max: 10 });
    expect((await invite('ninth@example.test')).statusCode).toBe(201);
  });

  it('falls back to the free limits when the plan ends, keeping everyone but refusing newcomers', async () => {
    expect((await setPlanLimits('service', { limits: null, revision: 4 })).statusCode).toBe(200);
    expect(await membersLimit()).toMatchObject({
      used: 9,
      max: FREE_WORKSPACE_LIMITS.members,
      source: 'free',
    });
    const refused = await invite('newcomer@example.test');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(/buy seats/);
    const invitations = await t.app.inject({
      url: `${API}/clients/${acme}/invitations`,
      headers: headers.olive,
    });
    expect(
      invitations
        .json<{ invitations: { state: string }[] }>()
        .invitations.filter((invitation) => invitation.state === 'pending'),
    ).toHaveLength(7);
  });

  it('keeps an admin’s override above what the plan gives', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/limits`,
      headers: headers.root,
      payload: { members: 30 },
    });
    await setPlanLimits('service', { limits: paidWorkspaceLimits(12), revision: 5 });
    expect(await membersLimit()).toMatchObject({ max: 30, source: 'override', raised: true });
  });

  it('still reaches a suspended workspace, whose plan may end meanwhile', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `${API}/clients/${acme}/suspension`,
      headers: headers.root,
    });
    expect((await setPlanLimits('service', { limits: null, revision: 6 })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `${API}/clients/${acme}/limits`, headers: headers.ada }))
        .statusCode,
    ).toBe(423);
  });
});
