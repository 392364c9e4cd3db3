import type { Workspace, WorkspaceInput } from '@questa/contracts';
import { tenantRoles } from '@questa/contracts/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMembership, aSession, signedOut } from '../../testing/session-fixtures';
import { renderApp } from '../../testing/render-app';
import { calls, jsonResponse, noContent, problemResponse, stubApi } from '../../testing/stub-fetch';

const acme = aMembership({ role: 'owner' });
const beta = aMembership({
  clientId: '33333333-3333-4333-8333-333333333333',
  clientSlug: 'beta-school',
  clientName: 'Beta School',
  role: 'viewer',
});

describe('workspaces', () => {
  it('suggests an address from the name, offers a free one when it is taken, and creates', async () => {
    const created: WorkspaceInput[] = [];
    stubApi({
      'GET /qdb/api/v1/clients/slug-check': (url) => {
        const slug = url.searchParams.get('slug')!;
        return jsonResponse(
          slug === 'biology'
            ? { slug, available: false, problem: 'taken', suggestion: 'biology-2' }
            : { slug, available: true, problem: null, suggestion: slug },
        );
      },
      'POST /api/workspaces': (_url, init) => {
        const input = JSON.parse(String(init?.body)) as WorkspaceInput;
        created.push(input);
        return jsonResponse(
          {
            id: '44444444-4444-4444-8444-444444444444',
            ...input,
            createdAt: '2026-11-28T10:00:00.000Z',
            suspendedAt: null,
            deletionDueAt: null,
          } satisfies Workspace,
          { status: 201 },
        );
      },
    });
    const router = renderApp('/workspaces', { session: aSession({}, [acme]) });

    expect(await screen.findByText('Acme Academy')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Biology' } });
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe('biology');
    fireEvent.click(await screen.findByRole('button', { name: 'Use biology-2' }));
    expect(await screen.findByText('biology-2 is free.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create workspace' }));

    await waitFor(() => expect(created).toEqual([{ name: 'Biology', slug: 'biology-2' }]));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/workspaces/biology-2/settings'),
    );
  });

  it('switches the current workspace and remembers it on the device', async () => {
    stubApi({});
    renderApp('/workspaces', { session: aSession({}, [acme, beta]) });

    expect(await screen.findByText('Current')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Beta School' }));
    expect(await screen.findByText(/You now work in Beta School/)).toBeTruthy();
    expect(window.localStorage.getItem('questa.workspace')).toBe(beta.clientId);
    expect(screen.getByRole('button', { name: 'Switch to Acme Academy' })).toBeTruthy();
  });

  it('lets an owner invite with a role from the contracts’ list, and withdraw', async () => {
    let state = 'pending';
    const fetchMock = stubApi({
      [`GET /qdb/api/v1/clients/${acme.clientId}/invitations`]: () =>
        jsonResponse({
          invitations: [
            {
              id: '55555555-5555-4555-8555-555555555555',
              email: 'cleo@example.com',
              role: 'reviewer',
              createdAt: '2026-11-28T10:00:00.000Z',
              expiresAt: '2026-12-05T10:00:00.000Z',
              state,
            },
          ],
        }),
      [`GET /qdb/api/v1/clients/${acme.clientId}/members`]: () => jsonResponse({ members: [] }),
      [`GET /qdb/api/v1/clients/${acme.clientId}/limits`]: () =>
        jsonResponse({
          limits: [
            {
              kind: 'members',
              used: state === 'pending' ? 2 : 1,
              max: 5,
              raised: false,
              source: 'free',
            },
            { kind: 'banks', used: 3, max: 10, raised: false, source: 'free' },
            { kind: 'questions', used: 120, max: 1000, raised: false, source: 'free' },
          ],
        }),
      [`POST /api/workspaces/${acme.clientId}/invitations`]: () =>
        jsonResponse(
          {
            id: '55555555-5555-4555-8555-555555555555',
            email: 'cleo@example.com',
            role: 'reviewer',
            createdAt: '2026-11-28T10:00:00.000Z',
            expiresAt: '2026-12-05T10:00:00.000Z',
            state: 'pending',
          },
          { status: 201 },
        ),
      [`DELETE /qdb/api/v1/clients/${acme.clientId}/invitations/55555555-5555-4555-8555-555555555555`]:
        () => {
          state = 'revoked';
          return jsonResponse({});
        },
    });
    renderApp('/workspaces/acme/settings', { session: aSession({}, [acme]) });

    const role = (await screen.findByLabelText('Role')) as HTMLSelectElement;
    // Every role the contracts know, the teacher's included, in their order.
    expect([...role.options].map((option) => option.value)).toEqual([...tenantRoles]);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'cleo@example.com' } });
    fireEvent.change(role, { target: { value: 'reviewer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to cleo@example.com.')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`POST /api/workspaces/${acme.clientId}/invitations`);

    // Each limit says what it is, how much is used and how to raise it.
    expect(await screen.findByText('Members: 2 of 5')).toBeTruthy();
    expect(screen.getByText('Questions: 120 of 1,000')).toBeTruthy();
    expect(screen.getByText('This is a free workspace. It holds up to:')).toBeTruthy();
    // The owner raises the member limit by buying seats on the workspace plan.
    expect(
      screen.getByRole('link', { name: 'Buy seats to add more members' }).getAttribute('href'),
    ).toBe(`/workspaces/${acme.clientId}/plan`);
    expect(screen.getByText(/ask a Questa admin .* to raise them/)).toBeTruthy();

    fireEvent.click(
      await screen.findByRole('button', { name: 'Withdraw the invitation to cleo@example.com' }),
    );
    expect(await screen.findByText(/is withdrawn; its link no longer works/)).toBeTruthy();
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    // The withdrawn invitation no longer takes a member's place.
    expect(await screen.findByText('Members: 1 of 5')).toBeTruthy();
  });

  it('tells a member on a paid plan to ask an owner for more seats, with no link to buy them', async () => {
    stubApi({
      [`GET /qdb/api/v1/clients/${beta.clientId}/limits`]: () =>
        jsonResponse({
          limits: [
            { kind: 'members', used: 7, max: 7, raised: false, source: 'plan' },
            { kind: 'banks', used: 3, max: 200, raised: false, source: 'plan' },
            { kind: 'questions', used: 120, max: 50000, raised: false, source: 'plan' },
          ],
        }),
    });
    renderApp('/workspaces/beta-school/settings', { session: aSession({}, [beta]) });

    expect(await screen.findByText('Members: 7 of 7')).toBeTruthy();
    expect(screen.getByText(/on the paid plan: a member for each seat paid/)).toBeTruthy();
    expect(screen.getByText(/ask one of the workspace’s owners to buy seats/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Buy/ })).toBeNull();
  });

  it('tells the last owner to hand ownership on before leaving', async () => {
    stubApi({
      [`GET /qdb/api/v1/clients/${acme.clientId}/invitations`]: () =>
        jsonResponse({ invitations: [] }),
      [`GET /qdb/api/v1/clients/${acme.clientId}/members`]: () => jsonResponse({ members: [] }),
      [`POST /api/workspaces/${acme.clientId}/leave`]: () =>
        problemResponse({ status: 400, code: 'validation.failed' }),
    });
    renderApp('/workspaces/acme/settings', { session: aSession({}, [acme]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Leave workspace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText(/You are its last owner/)).toBeTruthy();
  });

  it('lets a viewer leave, and answers another workspace’s address as not found', async () => {
    stubApi({ [`POST /api/workspaces/${beta.clientId}/leave`]: () => noContent() });
    const router = renderApp('/workspaces/beta-school/settings', {
      session: aSession({}, [beta]),
    });
    expect(screen.queryByLabelText('Role')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave workspace' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));

    renderApp('/workspaces/acme/settings', { session: aSession({}, [beta]) });
    expect(await screen.findByRole('heading', { name: /not found/i })).toBeTruthy();
  });
});

describe('an invitation link', () => {
  const token = 'k'.repeat(43);
  const preview = {
    workspaceName: 'Acme Academy',
    workspaceSlug: 'acme',
    role: 'author',
    email: 'new@example.com',
    expiresAt: '2026-12-05T10:00:00.000Z',
    state: 'pending',
  };

  it('offers someone signed out to create an account, and keeps the link meanwhile', async () => {
    stubApi({ 'POST /api/invitations/preview': () => jsonResponse(preview) });
    renderApp(`/invitations/${token}`, { session: signedOut });

    expect(await screen.findByText('You are invited to join Acme Academy as Author.')).toBeTruthy();
    const signUp = screen.getByRole('link', { name: 'Create an account to join' });
    expect(signUp.getAttribute('href')).toContain('signup=1');
    expect(signUp.getAttribute('href')).toContain(encodeURIComponent(`/invitations/${token}`));
    signUp.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(signUp);
    expect(window.localStorage.getItem('questa.pendingInvitation')).toBe(`/invitations/${token}`);
  });

  it('joins when signed in and lands on the workspaces, saying so', async () => {
    stubApi({
      'POST /api/invitations/preview': () => jsonResponse(preview),
      'POST /api/invitations/accept': () =>
        jsonResponse({ membership: acme, alreadyMember: false }),
      'GET /api/session': () => jsonResponse(aSession({}, [{ ...acme, role: 'author' }])),
    });
    const router = renderApp(`/invitations/${token}`, { session: aSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Join Acme Academy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
    expect(await screen.findByText('You joined Acme Academy as Author.')).toBeTruthy();
  });

  it('says plainly when the link was used, withdrawn or has expired', async () => {
    stubApi({
      'POST /api/invitations/preview': () => jsonResponse({ ...preview, state: 'expired' }),
    });
    renderApp(`/invitations/${token}`, { session: aSession() });
    expect(await screen.findByText(/This invitation has expired/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
  });

  it('brings someone back to the link once they are signed in', async () => {
    window.localStorage.setItem('questa.pendingInvitation', `/invitations/${token}`);
    stubApi({
      'POST /api/invitations/preview': () => jsonResponse(preview),
      'GET /api/catalog/banks': () =>
        jsonResponse({ banks: [], total: 0, languages: [], tags: [], nextCursor: null }),
    });
    const router = renderApp('/', { session: aSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invitations/${token}`));
    expect(window.localStorage.getItem('questa.pendingInvitation')).toBeNull();
  });
});
