import './define-config';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { I18nProvider } from '../lib/i18n';
import { fallbackMessages } from '../lib/i18n/messages';
import { clearQueryCache } from '../lib/use-query';

afterEach(() => {
  cleanup();
  clearQueryCache();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

/** Renders the whole app, shell and routes, at `path`, in English. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nProvider initial={{ locale: 'en', messages: fallbackMessages }}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}
