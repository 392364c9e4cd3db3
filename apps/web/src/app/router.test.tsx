import { renderApp } from '../testing/render-app';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBankDetail } from '../testing/catalog-fixtures';
import { jsonResponse, problemResponse, stubFetch } from '../testing/stub-fetch';

describe('app routes', () => {
  it('shows the not-found page inside the shell for an unknown address', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the catalog' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe(
      '#main',
    );
  });

  it('shows a bank with its topics and question types', async () => {
    const bank = aBankDetail({ visibility: 'premium' });
    const fetchMock = stubFetch(() => jsonResponse(bank));
    renderApp(`/banks/${bank.id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'World capitals' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/catalog/banks/${bank.id}`);
    expect(screen.getByText('Premium')).toBeTruthy();
    const topics = screen.getByRole('list', { name: 'Questions per topic' });
    expect(topics.textContent).toContain('Europe');
    expect(topics.textContent).toContain('8 questions');
    expect(screen.getByText('Single choice')).toBeTruthy();
    expect(screen.getByText('Short answer')).toBeTruthy();
  });

  it('shows the not-found page when the API has no such bank', async () => {
    stubFetch(() => problemResponse({ status: 404, code: 'not_found' }));
    renderApp('/banks/5b0c1d2e-0000-4000-8000-000000000000');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('switches the language of the whole page and of <html lang>', async () => {
    renderApp('/nowhere');
    await screen.findByRole('heading', { name: 'Page not found' });

    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'de' } });

    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    // Both follow the new messages in an effect, which may run after they are on screen.
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    await waitFor(() => expect(window.localStorage.getItem('questa.locale')).toBe('de'));
  });

  it('toggles the theme and remembers the choice', async () => {
    renderApp('/nowhere');
    const toggle = await screen.findByRole('button', { name: /Switch to (dark|light) theme/ });
    const target = toggle.getAttribute('aria-label')?.includes('dark') ? 'dark' : 'light';

    fireEvent.click(toggle);

    expect(document.documentElement.dataset.theme).toBe(target);
    expect(window.localStorage.getItem('questa.theme')).toBe(target);
  });
});
