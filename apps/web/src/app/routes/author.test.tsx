import { renderApp } from '../../testing/render-app';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { stubApi } from '../../testing/stub-fetch';

describe('authoring page', () => {
  it('lists the tenants the user belongs to, with slug and role', async () => {
    stubApi({});
    renderApp('/author', {
      session: aSession({}, [
        aMembership(),
        aMembership({
          clientId: '33333333-3333-4333-8333-333333333333',
          clientSlug: 'bio-lab',
          clientName: 'Bio Lab',
          role: 'reviewer',
        }),
      ]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Authoring' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'My tenants' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Acme AcademyacmeAuthor',
      'Bio Labbio-labReviewer',
    ]);
  });

  it('explains who can add a user who belongs to no tenant', async () => {
    stubApi({});
    renderApp('/author', { session: aSession() });

    expect(await screen.findByText("You're not a member of any tenant yet")).toBeTruthy();
    expect(screen.getByText(/An owner of a tenant or a Questa admin can add you/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
