import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@questa/db';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const API = '/qdb/api/v1';

describe('invitations, leaving and handing on ownership', () => {
  let t: TestQuestionDb;
  let acme: string;
  let globex: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant('acme', { olive: 'owner', ada: 'author', vera: 'viewer' });
    globex = await t.createTenant('globex', { gus: 'owner' });
    for (const sub of ['olive', 'ada', 'vera', 'gus', 'newbie', 'second', 'third']) {
      tokens[sub] = await t.issuer.sign({ sub });
    }
  });
  afterAll(() => t?.close());

  const as = (who: string) => bearer(tokens[who]!);
  const invite = (who: string, clientId: string, email: string, role = 'author') =>
    t.app.inject({
      method: 'POST',
      url: `${API}/clients/${clientId}/invitations`,
      headers: as(who),
      payload: { email, role },
    });
  const accept = (who: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API}/invitations/accept`,
      headers: as(who),
      payload: { token },
    });
  const roleIn = async (clientId: string, who: string) =>
    (
      await t.db
        .selectFrom('memberships')
        .select('role')
        .where('client_id', '=', clientId)
        .where('user_id', '=', who)
        .executeTakeFirst()
    )?.role;

  it('invites by e-mail with a role; the link joins once, as that role', async () => {
    const created = await invite('olive', acme, 'newbie@example.test', 'reviewer');
    expect(created.statusCode).toBe(201);
    const { token, invitation } = created.json<{
      token: string;
      invitation: { id: string; state: string; expiresAt: string };
    }>();
    expect(invitation.state).toBe('pending');
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const stored = await t.db.selectFrom('invitations').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await t.app.inject({
      method: 'POST',
      url: `${API}/invitations/preview`,
      payload: { token },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      workspaceName: 'Tenant acme',
      role: 'reviewer',
      state: 'pending',
    });

    const joined = await accept('newbie', token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      membership: { clientId: acme, role: 'reviewer' },
      alreadyMember: false,
    });
    expect(await roleIn(acme, 'newbie')).toBe('reviewer');

    const twice = await accept('second', token);
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toMatchObject({ code: 'invitation.invalid' });
    expect(await roleIn(acme, 'second')).toBeUndefined();
  });

  it('refuses a withdrawn, an expired, an unknown link, and accepting without signing in', async () => {
    const revokedOne = (await invite('olive', acme, 'second@example.test')).json<{
      token: string;
      invitation: { id: string };
    }>();
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `${API}/clients/${acme}/invitations/${revokedOne.invitation.id}`,
      headers: as('olive'),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ state: 'revoked' });
    expect((await accept('second', revokedOne.token)).json()).toMatchObject({
      code: 'invitation.invalid',
      detail: expect.stringContaining('withdrawn'),
    });

    const expiring = (await invite('olive', acme, 'third@example.test')).json<{
      token: string;
      invitation: { id: string };
    }>();
    await t.db
      .updateTable('invitations')
      .set({ expires_at: sql<string>`now() - interval '1 minute'` })
      .where('id', '=', expiring.invitation.id)
      .execute();
    const late = await accept('third', expiring.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ detail: expect.stringContaining('expired') });

    expect((await accept('third', 'x'.repeat(43))).statusCode).toBe(410);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${API}/invitations/accept`,
      payload: { token: expiring.token },
    });
    expect(anonymous.statusCode).toBe(401);

    const list = await t.app.inject({
      url: `${API}/clients/${acme}/invitations`,
      headers: as('olive'),
    });
    const states = list.json<{ invitations: { email: string; state: string }[] }>().invitations;
    expect(states.map((i) => [i.email, i.state])).toEqual([
      ['third@example.test', 'expired'],
      ['second@example.test', 'revoked'],
      ['newbie@example.test', 'accepted'],
    ]);
  });

  it('sends a new link for the same address and withdraws the old one', async () => {
    const first = (await invite('olive', acme, 'Again@Example.test')).json<{ token: string }>();
    const second = (await invite('olive', acme, 'again@example.test')).json<{ token: string }>();
    expect((await accept('second', first.token)).statusCode).toBe(410);
    expect((await accept('second', second.token)).statusCode).toBe(200);
  });

  it('keeps invitations to owners: other roles get 403, other workspaces 404', async () => {
    expect((await invite('ada', acme, 'x@example.test')).statusCode).toBe(403);
    expect((await invite('gus', acme, 'x@example.test')).statusCode).toBe(404);
    const own = (await invite('gus', globex, 'y@example.test')).json<{
      invitation: { id: string };
    }>();
    // An owner of acme cannot reach globex's invitation through acme's address.
    const across = await t.app.inject({
      method: 'DELETE',
      url: `${API}/clients/${acme}/invitations/${own.invitation.id}`,
      headers: as('olive'),
    });
    expect(across.statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `${API}/clients/${globex}/invitations`],
      ['DELETE', `${API}/clients/${globex}/invitations/${own.invitation.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: as('olive') })).statusCode).toBe(404);
      expect((await t.app.inject({ method, url, headers: as('ada') })).statusCode).toBe(404);
    }
    const list = await t.app.inject({
      url: `${API}/clients/${acme}/invitations`,
      headers: as('vera'),
    });
    expect(list.statusCode).toBe(403);
    expect((await invite('olive', acme, 'not-an-address')).json()).toMatchObject({
      code: 'validation.failed',
    });
  });

  it('lets members leave, but not the last owner, who hands ownership on first', async () => {
    const leave = (who: string, clientId: string) =>
      t.app.inject({ method: 'POST', url: `${API}/clients/${clientId}/leave`, headers: as(who) });
    expect((await leave('vera', acme)).statusCode).toBe(204);
    expect(await roleIn(acme, 'vera')).toBeUndefined();
    expect((await leave('vera', acme)).statusCode).toBe(404);
    expect((await leave('gus', acme)).statusCode).toBe(404);

    const stuck = await leave('olive', acme);
    expect(stuck.statusCode).toBe(400);
    expect(stuck.json()).toMatchObject({ detail: 'A tenant keeps at least one owner.' });

    const transfer = (who: string, clientId: string, userId: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/clients/${clientId}/ownership`,
        headers: as(who),
        payload: { userId },
      });
    expect((await transfer('ada', acme, 'ada')).statusCode).toBe(403);
    expect((await transfer('gus', acme, 'gus')).statusCode).toBe(404);
    expect((await transfer('olive', acme, 'stranger')).statusCode).toBe(400);
    expect((await transfer('olive', acme, 'ada')).statusCode).toBe(204);
    expect(await roleIn(acme, 'ada')).toBe('owner');
    expect(await roleIn(acme, 'olive')).toBe('author');
    expect((await leave('olive', acme)).statusCode).toBe(204);
  });
});
