import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { NotificationText } from './notification-text';

describe('what a notification says', () => {
  afterEach(cleanup);

  it('tells an owner a workspace payment failed, with the amount and the way to the plan', () => {
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <MemoryRouter>
          <NotificationText
            subject={{
              kind: 'workspace_payment_failed',
              clientId: 'c0000000-0000-4000-8000-000000000001',
              workspaceName: 'Physics',
              amount: 1800,
              currency: 'eur',
              hostedUrl: null,
            }}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    const link = screen.getByRole('link', { name: 'A payment for “Physics” failed' });
    expect(link.getAttribute('href')).toBe('/workspaces/c0000000-0000-4000-8000-000000000001/plan');
    expect(
      screen.getByText(/^€18\.00 for the workspace’s seats did not go through\./),
    ).toBeTruthy();
  });
});
