import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionInfo } from '@questa/contracts';
import { routes } from '../app/router';
import { sessionQueryKey } from '../features/auth/api/get-session';
import { I18nProvider, inEnglish } from '../lib/i18n';
import { appMessages } from '../lib/i18n/app-messages';
import { clearQueryCache, setQueryData } from '../lib/use-query';
import { signedOut } from './session-fixtures';

afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

/**
 * Renders the whole app, shell and routes, at `path`, in English. The session is known from the
 * start (signed out unless given); with `session: 'fetch'` it is asked for like in the browser.
 */
export function renderApp(
  path: string,
  { session = signedOut }: { session?: SessionInfo | 'fetch' } = {},
) {
  if (session !== 'fetch') setQueryData(sessionQueryKey, session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}
