import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aTenantBank,
  anAuthoringBank,
  bankId,
  clientId,
  qdb,
} from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const bioLab = aMembership({
  clientId: '33333333-3333-4333-8333-333333333333',
  clientSlug: 'bio-lab',
  clientName: 'Bio Lab',
  role: 'reviewer',
});

describe('authoring page', () => {
  it('tells members the publishing rule and lets the owner choose it', async () => {
    const fetchMock = stubApi({
      [`GET ${qdb('/banks')}`]: () => jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${qdb('/publishing')}`]: () => jsonResponse({ secondPerson: false, publishers: 1 }),
      [`PUT ${qdb('/publishing')}`]: () => jsonResponse({ secondPerson: true, publishers: 1 }),
    });
    renderApp('/author', { session: aSession({}, [aMembership({ role: 'owner' })]) });

    const rule = await screen.findByRole('region', { name: 'Publishing' });
    expect(rule.textContent).toContain('Whoever writes questions publishes them directly');
    const save = within(rule).getByRole('button', { name: 'Save rule' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(rule).getByRole('checkbox', {
        name: 'Require a second person’s review before publishing',
      }),
    );
    fireEvent.click(save);

    expect(await within(rule).findByText('Publishing rule saved.')).toBeTruthy();
    expect(rule.textContent).toContain('Publishing needs a second person');
    expect(rule.textContent).toContain('The workspace’s owner chooses this.');
    // Nobody else may publish yet: the owner is told their questions would wait.
    expect(rule.textContent).toContain('Only one member here can publish');
    expect(calls(fetchMock)).toContain(`PUT ${qdb('/publishing')}`);
  });

  it('tells an author the rule without offering to change it', async () => {
    stubApi({
      [`GET ${qdb('/banks')}`]: () => jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${qdb('/publishing')}`]: () => jsonResponse({ secondPerson: true, publishers: 2 }),
    });
    renderApp('/author', { session: aSession({}, [aMembership({ role: 'author' })]) });
    const rule = await screen.findByRole('region', { name: 'Publishing' });
    expect(await within(rule).findByText(/reviewers and owners publish/)).toBeTruthy();
    expect(within(rule).queryByRole('checkbox')).toBeNull();
  });

  it('lists each tenant with its role and its banks with question counts', async () => {
    const fetchMock = stubApi({
      [`GET ${qdb('/banks')}`]: () =>
        jsonResponse({
          banks: [
            aTenantBank(),
            aTenantBank({
              id: 'b2',
              title: 'Rivers',
              questionCount: 1,
              archivedAt: '2026-04-01T10:00:00.000Z',
            }),
          ],
          nextCursor: null,
        }),
      [`GET /qdb/api/v1/clients/${bioLab.clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
    });
    renderApp('/author', { session: aSession({}, [bioLab, aMembership({ role: 'owner' })]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Authoring' })).toBeTruthy();
    const acme = screen.getByRole('region', { name: 'Acme Academy' });
    expect(within(acme).getByText('Owner')).toBeTruthy();
    expect(within(acme).getByText('acme')).toBeTruthy();
    const table = await within(acme).findByRole('table', { name: 'Banks of Acme Academy' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'World capitalsworld-capitalsPrivate12 questions',
      'Riversworld-capitalsPrivateArchived1 question',
    ]);
    expect(within(table).getByRole('link', { name: 'World capitals' }).getAttribute('href')).toBe(
      `/author/banks/${bankId}?tenant=${clientId}`,
    );
    expect(within(acme).getByRole('button', { name: 'New bank' })).toBeTruthy();
    expect(within(acme).getByRole('link', { name: 'API keys of Acme Academy' })).toBeTruthy();

    // Tenants are sorted by name; reviewers neither create banks nor manage keys.
    const bio = screen.getByRole('region', { name: 'Bio Lab' });
    const regions = screen.getAllByRole('region');
    expect(regions.indexOf(acme)).toBeLessThan(regions.indexOf(bio));
    expect(await within(bio).findByText('No banks yet')).toBeTruthy();
    expect(within(bio).queryByRole('button', { name: 'New bank' })).toBeNull();
    expect(within(bio).queryByRole('link', { name: /API keys/ })).toBeNull();
    expect(calls(fetchMock)).toContain(`GET ${qdb('/banks')}?limit=50`);
  });

  it('creates a bank with a slug derived from the title, then opens it', async () => {
    let created: unknown;
    const fetchMock = stubApi({
      [`GET ${qdb('/banks')}`]: () => jsonResponse({ banks: [], nextCursor: null }),
      [`POST ${qdb('/banks')}`]: (_url, init) => {
        created = JSON.parse(String(init?.body));
        return jsonResponse(anAuthoringBank({ title: 'Größen & Maße' }), { status: 201 });
      },
      [`GET ${qdb(`/banks/${bankId}`)}`]: () =>
        jsonResponse(anAuthoringBank({ title: 'Größen & Maße' })),
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp('/author', { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'New bank' }));
    const form = screen.getByRole('form', { name: 'New bank' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Größen & Maße' } });
    expect((within(form).getByLabelText('Slug') as HTMLInputElement).value).toBe('grossen-masse');
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Units.' } });
    fireEvent.change(within(form).getByLabelText('Language'), { target: { value: 'de' } });
    fireEvent.change(within(form).getByLabelText('Visibility'), { target: { value: 'public' } });
    fireEvent.change(within(form).getByLabelText('Tags'), { target: { value: 'physics, units' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create bank' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Größen & Maße' })).toBeTruthy();
    expect(created).toEqual({
      title: 'Größen & Maße',
      slug: 'grossen-masse',
      description: 'Units.',
      language: 'de',
      visibility: 'public',
      tags: ['physics', 'units'],
    });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('X-Questa-Request')).toBe('1');
  });

  it('keeps an edited slug, and explains what the server refused', async () => {
    stubApi({
      [`GET ${qdb('/banks')}`]: () => jsonResponse({ banks: [], nextCursor: null }),
      [`POST ${qdb('/banks')}`]: () =>
        problemResponse({
          status: 400,
          code: 'validation.failed',
          errors: [{ field: 'slug', message: 'slug already taken' }],
        }),
    });
    renderApp('/author', { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'New bank' }));
    const form = screen.getByRole('form', { name: 'New bank' });
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'Bad Slug' } });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Capitals' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create bank' }));
    expect(
      within(form).getByText(
        'Use lowercase letters, digits and single dashes, at most 60 characters.',
      ),
    ).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'capitals' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create bank' }));
    expect(await within(form).findByText('slug already taken')).toBeTruthy();
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toContain(
        'The bank could not be created.',
      ),
    );
  });

  it('explains who can add a user who belongs to no tenant', async () => {
    stubApi({});
    renderApp('/author', { session: aSession() });

    expect(await screen.findByText("You're not a member of any tenant yet")).toBeTruthy();
    expect(screen.getByText(/An owner of a tenant or a Questa admin can add you/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
