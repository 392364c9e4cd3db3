import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, type AdminUser, type AuditEvent, type Tenant } from '@questa/contracts';
import { openTestSession, startLearningApi, TEST_ORIGIN, type LearningApi } from '../../testing';
import { createUserRepository } from '../users/user.repository';

interface Page<T> {
  nextCursor: string | null;
  users?: T[];
  events?: T[];
}

describe('admin: users, roles, memberships and the audit log', () => {
  let kit: LearningApi;
  let admin: {
    sub: string;
    call: (request: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;
  };

  beforeAll(async () => {
    kit = await startLearningApi();
    const sub = `root-${Math.random().toString(36).slice(2)}`;
    // The question database reads the admin role from the token, the main API from its own rows.
    const { cookieValue, userId } = await openTestSession(kit.beside.database, {
      sub,
      email: `${sub}@example.test`,
      accessToken: await kit.beside.issuer.sign({ sub, roles: ['admin'] }),
    });
    await createUserRepository(kit.db).grantRole(userId, 'admin');
    const cookie = `questa_session=${cookieValue}`;
    admin = {
      sub,
      call: (request) =>
        kit.api.inject({
          ...request,
          headers: {
            cookie,
            ...(request.method && request.method !== 'GET'
              ? { [CSRF_HEADER]: '1', origin: TEST_ORIGIN }
              : {}),
          },
        }),
    };
  });
  afterAll(async () => {
    await kit?.close();
  });

  const get = async <T>(url: string) => {
    const response = await admin.call({ url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<T>>();
  };
  const audit = (query: string) => get<AuditEvent>(`/api/admin/audit?${query}`);

  it('searches users by part of an email, a page at a time', async () => {
    for (const first of ['marie', 'pierre', 'irene']) {
      const sub = `${first}-${Math.random().toString(36).slice(2)}`;
      await openTestSession(kit.beside.database, { sub, email: `${sub}@curie.test` });
    }
    await kit.learner('bystander');

    const first = await get<AdminUser>('/api/admin/users?q=CURIE.test&limit=2');
    expect(first.users).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await get<AdminUser>(
      `/api/admin/users?q=curie.test&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.users).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const emails = [...first.users!, ...second.users!].map((user) => user.email);
    expect(new Set(emails).size).toBe(3);
    for (const email of emails) expect(email).toMatch(/@curie\.test$/);

    // A pattern's own characters are searched for as they are.
    expect((await get<AdminUser>('/api/admin/users?q=%25')).users).toEqual([]);
  });

  it('refuses a bad search or page with per-field errors, and a learner altogether', async () => {
    for (const url of [
      '/api/admin/users?limit=0',
      `/api/admin/users?q=${'x'.repeat(201)}`,
      '/api/admin/users?unknown=1',
      '/api/admin/audit?from=yesterday',
      '/api/admin/audit?action=role.stolen',
      '/api/admin/audit?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    ]) {
      const response = await admin.call({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ code: string }>().code, url).toBe('validation.failed');
    }
    const learner = await kit.learner('nosy');
    expect((await learner.call({ url: '/api/admin/users?q=a' })).statusCode).toBe(403);
    expect((await learner.call({ url: '/api/admin/audit?action=role.granted' })).statusCode).toBe(
      403,
    );
  });

  it('records which role changed, from what to what, and finds it by who, what and when', async () => {
    const started = new Date(Date.now() - 1000).toISOString();
    const learner = await kit.learner('promoted');
    const granted = await admin.call({
      method: 'PUT',
      url: `/api/admin/users/${learner.userId}/roles/admin`,
    });
    expect(granted.statusCode).toBe(204);
    const revoked = await admin.call({
      method: 'DELETE',
      url: `/api/admin/users/${learner.userId}/roles/admin`,
    });
    expect(revoked.statusCode).toBe(204);

    const { events } = await audit(
      `who=${encodeURIComponent(`${admin.sub}@EXAMPLE`)}&from=${encodeURIComponent(started)}`,
    );
    const mine = events!.filter((event) => event.target === `${learner.sub}@example.test`);
    expect(mine.map((event) => [event.action, event.details])).toEqual([
      ['role.revoked', { role: 'admin', sub: learner.sub, from: ['admin'], to: [] }],
      ['role.granted', { role: 'admin', sub: learner.sub, from: [], to: ['admin'] }],
    ]);
    // Each names its actor by email, whichever users an admin's screen has loaded.
    expect(mine.map((event) => event.actorEmail)).toEqual([
      `${admin.sub}@example.test`,
      `${admin.sub}@example.test`,
    ]);

    const onlyGrants = await audit('action=role.granted');
    expect(onlyGrants.events!.length).toBeGreaterThan(0);
    for (const event of onlyGrants.events!) expect(event.action).toBe('role.granted');
    expect((await audit(`who=${learner.sub}`)).events).toEqual([]);
    expect((await audit(`to=${encodeURIComponent(started)}&action=role.granted`)).events).toEqual(
      [],
    );
  });

  it('records a tenant member’s role from what to what, on adding, changing and removing', async () => {
    const { tenants } = (await admin.call({ url: '/api/admin/tenants' })).json<{
      tenants: Tenant[];
    }>();
    const tenant = tenants[0]!;
    const member = `member-${Math.random().toString(36).slice(2)}`;
    const url = `/api/admin/tenants/${tenant.id}/members/${member}`;
    for (const role of ['author', 'reviewer']) {
      const response = await admin.call({ method: 'PUT', url, payload: { role } });
      expect(response.statusCode, response.body).toBe(204);
    }
    expect((await admin.call({ method: 'DELETE', url })).statusCode).toBe(204);

    // A Questa user id where the subject belongs is refused, naming the subject to use.
    const learner = await kit.learner('member-by-id');
    const byId = await admin.call({
      method: 'PUT',
      url: `/api/admin/tenants/${tenant.id}/members/${learner.userId}`,
      payload: { role: 'author' },
    });
    expect(byId.statusCode).toBe(400);
    expect(byId.json<{ code: string; detail: string }>()).toMatchObject({
      code: 'validation.failed',
      detail: expect.stringContaining(learner.sub),
    });

    const { events } = await audit('limit=100');
    const target = `tenant/${tenant.id}/member/${member}`;
    expect(
      events!
        .filter((event) => event.target === target)
        .map((event) => [event.action, event.details]),
    ).toEqual([
      ['membership.revoked', { from: 'reviewer', to: null }],
      ['membership.changed', { from: 'author', to: 'reviewer' }],
      ['membership.granted', { from: null, to: 'author' }],
    ]);
  });

  it('finds a workspace by part of its name, suspends it, closing it to its members, and restores it', async () => {
    const member = await kit.learner('member');
    const created = await member.call({
      method: 'POST',
      url: '/api/workspaces',
      payload: { name: 'Suspicious Quizzes', slug: 'suspicious-quizzes' },
    });
    const { id } = created.json<Tenant>();
    const found = await admin.call({ url: '/api/admin/tenants?q=SUSPICIOUS' });
    expect(found.json<{ tenants: Tenant[] }>().tenants).toEqual([
      expect.objectContaining({ id, suspendedAt: null }),
    ]);

    const url = `/api/admin/tenants/${id}/suspension`;
    // The owner of the workspace may not lift or impose a suspension.
    expect((await member.call({ method: 'PUT', url })).statusCode).toBe(403);
    const suspended = await admin.call({ method: 'PUT', url });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json<Tenant>().suspendedAt).not.toBeNull();
    // Its routes answer the member with the reason, through the main API too.
    const renamed = await member.call({
      method: 'PATCH',
      url: `/api/workspaces/${id}`,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(423);
    expect(renamed.json()).toMatchObject({ code: 'workspace.suspended' });

    const restored = await admin.call({ method: 'DELETE', url });
    expect(restored.json<Tenant>().suspendedAt).toBeNull();
    const again = await member.call({
      method: 'PATCH',
      url: `/api/workspaces/${id}`,
      payload: { name: 'Renamed' },
    });
    expect(again.statusCode).toBe(200);
    const actions = (await audit('action=workspace.suspended')).events ?? [];
    expect(actions[0]).toMatchObject({ actor: admin.sub, target: `tenant/${id}` });
  });
});
