import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type NotificationList, type SessionInfo } from '@questa/contracts';
import type { MailMessage } from '@questa/mail';
import { TEST_ORIGIN } from '../../testing';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

/** Polls until `check` holds, for mail that follows a notice without holding it up. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('workspaces through the main API', () => {
  let kit: LearningApi;
  let owner: Learner;
  let colleague: Learner;
  let outsider: Learner;
  let learningTest: string;
  const sent: MailMessage[] = [];

  const session = async (who: Learner) =>
    (await who.call({ url: '/api/session' })).json<SessionInfo>();
  const createWorkspace = (who: Learner, name: string, slug: string) =>
    who.call({ method: 'POST', url: '/api/workspaces', payload: { name, slug } });
  const anonymous = (url: string, payload: object) =>
    kit.api.inject({
      method: 'POST',
      url,
      payload,
      headers: { [CSRF_HEADER]: '1', origin: TEST_ORIGIN },
    });
  const tokenIn = (mail: MailMessage) => /\/invitations\/([\w-]+)/.exec(mail.text)![1]!;

  beforeAll(async () => {
    kit = await startLearningApi({ billing: { mail: { send: async (m) => void sent.push(m) } } });
    owner = await kit.learner('owen');
    colleague = await kit.learner('cleo');
    outsider = await kit.learner('otto');
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    learningTest = bank.json<{ clientId: string }>().clientId;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('creates a workspace its creator owns, at once in their session, and renames it', async () => {
    const created = await createWorkspace(owner, 'Owen’s classes', 'owens-classes');
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await session(owner)).memberships).toEqual([
      {
        clientId: id,
        clientSlug: 'owens-classes',
        clientName: 'Owen’s classes',
        role: 'owner',
        deletionDueAt: null,
      },
    ]);
    const renamed = await owner.call({
      method: 'PATCH',
      url: `/api/workspaces/${id}`,
      payload: { name: 'Owen’s biology' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await session(owner)).memberships[0]).toMatchObject({ clientName: 'Owen’s biology' });

    const taken = await createWorkspace(outsider, 'Copy', 'owens-classes');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'workspace.slug_taken' });
    const signedOut = await anonymous('/api/workspaces', { name: 'x', slug: 'xyz' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps renaming, inviting and handing on ownership to the workspace’s owners', async () => {
    // The learning-test workspace is another tenant: its id gives 404 to non-members…
    for (const [method, url, payload] of [
      ['PATCH', `/api/workspaces/${learningTest}`, { name: 'Mine' }],
      [
        'POST',
        `/api/workspaces/${learningTest}/invitations`,
        { email: 'a@example.test', role: 'author' },
      ],
      ['POST', `/api/workspaces/${learningTest}/ownership`, { userId: owner.sub }],
      ['POST', `/api/workspaces/${learningTest}/leave`, undefined],
    ] as const) {
      const response = await owner.call({ method, url, ...(payload && { payload }) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // …and a member without the role gets 403.
    const { id } = (await createWorkspace(outsider, 'Otto’s', 'ottos-workspace')).json<{
      id: string;
    }>();
    const invited = await outsider.call({
      method: 'POST',
      url: `/api/workspaces/${id}/invitations`,
      payload: { email: `${colleague.sub}@example.test`, role: 'viewer' },
    });
    // Mail to someone with an account follows the notice without holding the invitation up.
    const mail = await eventually(
      () => sent.find((m) => m.to === `${colleague.sub}@example.test`),
      (found) => found !== undefined,
    );
    const joined = await colleague.call({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: tokenIn(mail!) },
    });
    expect(invited.statusCode).toBe(201);
    expect(joined.statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PATCH', `/api/workspaces/${id}`, { name: 'Mine' }],
      ['POST', `/api/workspaces/${id}/invitations`, { email: 'a@example.test', role: 'author' }],
      ['POST', `/api/workspaces/${id}/ownership`, { userId: colleague.sub }],
    ] as const) {
      const response = await colleague.call({ method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await colleague.call({ method: 'POST', url: `/api/workspaces/${id}/leave` })).statusCode,
    ).toBe(204);
    expect((await session(colleague)).memberships).toEqual([]);
  });

  it('invites someone with an account: a notice in the app, a mail, and the link joins once', async () => {
    const { id } = (await createWorkspace(owner, 'Chemistry', 'chemistry-lab')).json<{
      id: string;
    }>();
    const invited = await owner.call({
      method: 'POST',
      url: `/api/workspaces/${id}/invitations`,
      payload: { email: `${colleague.sub.toUpperCase()}@EXAMPLE.TEST`, role: 'author' },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({ role: 'author', state: 'pending' });
    expect(invited.body).not.toContain('token');

    const notices = (await colleague.call({ url: '/api/notifications' })).json<NotificationList>();
    expect(notices.notifications[0]).toMatchObject({
      subject: { kind: 'invitation', workspaceName: 'Chemistry', role: 'author' },
    });
    const link = (notices.notifications[0]!.subject as { link: string }).link;
    const mail = await eventually(
      () => sent.filter((m) => m.subject.includes('Chemistry')),
      (found) => found.length === 1,
    );
    expect(mail[0]!.text).toContain(`${link}`);
    expect(mail[0]!.headers?.['List-Unsubscribe']).toContain('/unsubscribe?token=');
    const token = link.replace('/invitations/', '');

    const preview = await anonymous('/api/invitations/preview', { token });
    expect(preview.json()).toMatchObject({ workspaceName: 'Chemistry', state: 'pending' });

    const accepted = await colleague.call({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await session(colleague)).memberships).toEqual([
      expect.objectContaining({ clientId: id, role: 'author' }),
    ]);
    const again = await outsider.call({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token },
    });
    expect(again.statusCode).toBe(410);

    // Ownership handed on: the colleague owns it, the former owner writes in it.
    const handed = await owner.call({
      method: 'POST',
      url: `/api/workspaces/${id}/ownership`,
      payload: { userId: colleague.sub },
    });
    expect(handed.statusCode).toBe(204);
    expect((await session(owner)).memberships.find((m) => m.clientId === id)?.role).toBe('author');
    const audit = await kit.db
      .selectFrom('audit_events')
      .select('action')
      .where('target', 'like', `tenant/${id}%`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'workspace.created',
      'invitation.sent',
      'invitation.accepted',
      'ownership.transferred',
    ]);
  });

  it('mails someone without an account a link that does not need one to open', async () => {
    const { id } = (await createWorkspace(owner, 'Physics', 'physics-lab')).json<{ id: string }>();
    await owner.call({
      method: 'POST',
      url: `/api/workspaces/${id}/invitations`,
      payload: { email: 'new.person@example.test', role: 'reviewer' },
    });
    const mail = sent.find((m) => m.to === 'new.person@example.test')!;
    expect(mail.text).toContain('create one');
    expect(mail.headers).toBeUndefined();
    const preview = await anonymous('/api/invitations/preview', { token: tokenIn(mail) });
    expect(preview.json()).toMatchObject({ workspaceName: 'Physics', role: 'reviewer' });
    const signedOut = await anonymous('/api/invitations/accept', { token: tokenIn(mail) });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses the last owner leaving', async () => {
    const { id } = (await createWorkspace(outsider, 'Solo', 'solo-space')).json<{ id: string }>();
    const refused = await outsider.call({ method: 'POST', url: `/api/workspaces/${id}/leave` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: 'A tenant keeps at least one owner.' });
  });
});
