import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBank } from '../../testing/catalog-fixtures';
import { jsonResponse, problemResponse, stubFetch } from '../../testing/stub-fetch';

describe('catalog page', () => {
  it('shows a loading state, then every bank as a card linking to its page', async () => {
    let answer: (response: Response) => void = () => {};
    // Only the catalog is held back; the header's session request may come first or last.
    stubFetch((path) =>
      path.includes('/catalog/')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : problemResponse({ status: 401, code: 'auth.required' }),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Question banks' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading question banks…');

    answer(
      jsonResponse({
        banks: [
          aBank(),
          aBank({
            id: 'e2b7c6a1-0000-4000-8000-000000000002',
            title: 'Organic chemistry',
            visibility: 'premium',
            language: 'de',
            questionCount: 1,
            tags: [],
          }),
        ],
      }),
    );

    const capitals = (await screen.findByRole('link', { name: 'World capitals' })).closest(
      'article',
    );
    expect(capitals).toBeTruthy();
    const card = within(capitals as HTMLElement);
    expect(card.getByText('12 questions')).toBeTruthy();
    expect(card.getByText('English')).toBeTruthy();
    expect(card.getByText('geography')).toBeTruthy();
    expect(card.queryByText('Premium')).toBeNull();
    expect(card.getByRole('link').getAttribute('href')).toBe(`/banks/${aBank().id}`);

    const chemistry = within(
      screen.getByRole('link', { name: 'Organic chemistry' }).closest('article') as HTMLElement,
    );
    expect(chemistry.getByText('Premium')).toBeTruthy();
    expect(chemistry.getByText('1 question')).toBeTruthy();
    expect(chemistry.getByText('German')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when there are no banks', async () => {
    stubFetch(() => jsonResponse({ banks: [] }));
    renderApp('/');

    expect(await screen.findByText('No banks yet')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('explains a failure with the request id, and retries on demand', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() =>
      ++calls === 1
        ? problemResponse({ status: 503, code: 'unavailable', requestId: 'req-9' })
        : jsonResponse({ banks: [aBank()] }),
    );
    renderApp('/');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The question banks could not be loaded.');
    expect(alert.textContent).toContain("Questa can't be reached right now.");
    expect(alert.textContent).toContain('Request id: req-9');

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: 'World capitals' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
