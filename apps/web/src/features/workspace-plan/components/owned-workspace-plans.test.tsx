import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { OwnedWorkspacePlans } from './owned-workspace-plans';

const membership = (clientId: string, clientName: string, role: 'owner' | 'author') => ({
  clientId,
  clientSlug: clientName.toLowerCase(),
  clientName,
  role,
  deletionDueAt: null,
});

describe('the way to a workspace’s plan from billing', () => {
  afterEach(cleanup);

  it('lists the workspaces the person owns, and only those', () => {
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <MemoryRouter>
          <OwnedWorkspacePlans
            memberships={[
              membership('c0000000-0000-4000-8000-000000000001', 'Physics', 'owner'),
              membership('c0000000-0000-4000-8000-000000000002', 'Chemistry', 'author'),
            ]}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Plan of “Physics”', '/workspaces/c0000000-0000-4000-8000-000000000001/plan'],
    ]);
  });

  it('shows nothing to someone who owns no workspace', () => {
    const { container } = render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <MemoryRouter>
          <OwnedWorkspacePlans
            memberships={[
              membership('c0000000-0000-4000-8000-000000000002', 'Chemistry', 'author'),
            ]}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
