import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aBank, aCatalogList } from '../../testing/catalog-fixtures';
import {
  calls,
  heldResponse,
  jsonResponse,
  problemResponse,
  stubApi,
  stubFetch,
} from '../../testing/stub-fetch';

const chemistry = aBank({
  id: 'e2b7c6a1-0000-4000-8000-000000000002',
  title: 'Organic chemistry',
  visibility: 'premium',
  language: 'de',
  questionCount: 1,
  tags: [],
});

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });

describe('catalog page', () => {
  it('shows a loading state, then every bank as a card linking to its page, with the count', async () => {
    const catalog = heldResponse();
    // Only the catalog is held back; the header's session request may come first or last.
    stubFetch((path) =>
      path.includes('/catalog/')
        ? catalog.reply()
        : problemResponse({ status: 401, code: 'auth.required' }),
    );
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Question banks' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading question banks…');

    await catalog.release(jsonResponse(aCatalogList([aBank(), chemistry])));

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

    const organic = within(
      screen.getByRole('link', { name: 'Organic chemistry' }).closest('article') as HTMLElement,
    );
    expect(organic.getByText('Premium')).toBeTruthy();
    expect(organic.getByText('1 question')).toBeTruthy();
    expect(organic.getByText('German')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 banks');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says so when the catalog has no banks at all', async () => {
    stubFetch(() => jsonResponse(aCatalogList([])));
    renderApp('/');

    expect(await screen.findByText('No banks yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('explains a failure with the request id, and retries on demand', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() =>
      ++calls === 1
        ? problemResponse({ status: 503, code: 'unavailable', requestId: 'req-9' })
        : jsonResponse(aCatalogList()),
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

  it('reads search, filters and sort from the address and asks the server with them', async () => {
    const fetchMock = stubApi({ 'GET /api/catalog/banks': () => jsonResponse(aCatalogList()) });
    renderApp('/?q=capitals&tag=geography&access=free&minQuestions=10&sort=newest&page=1');

    await screen.findByRole('link', { name: 'World capitals' });
    expect(calls(fetchMock)).toContain(
      'GET /api/catalog/banks?q=capitals&tag=geography&access=free&minQuestions=10&sort=newest',
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('capitals');
    expect(select('Tag').value).toBe('geography');
    expect(select('Free or premium').value).toBe('free');
    expect(select('Size').value).toBe('10');
    expect(select('Sort by').value).toBe('newest');
    expect(select('Bank language').value).toBe('');
    expect(
      within(select('Bank language'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any language', 'German', 'English']);
  });

  it('puts each change in the address, starting again at the first page, and follows back', async () => {
    const fetchMock = stubApi({
      'GET /api/catalog/banks': (url) =>
        jsonResponse(
          url.searchParams.get('language') === 'de' ? aCatalogList([chemistry]) : aCatalogList(),
        ),
    });
    const router = renderApp('/?page=2');
    await screen.findByRole('link', { name: 'World capitals' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search titles and descriptions' }), {
      target: { value: 'chem' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=chem'));

    fireEvent.change(select('Bank language'), { target: { value: 'de' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=chem&language=de'));
    expect(await screen.findByRole('link', { name: 'Organic chemistry' })).toBeTruthy();
    expect(calls(fetchMock)).toContain('GET /api/catalog/banks?q=chem&language=de');

    fireEvent.change(select('Sort by'), { target: { value: 'questions' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=chem&language=de&sort=questions'),
    );

    await router.navigate(-1);
    await waitFor(() => expect(select('Sort by').value).toBe('title'));
    expect(select('Bank language').value).toBe('de');
    await router.navigate(-2);
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(''));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('searches at once on Enter', async () => {
    stubApi({ 'GET /api/catalog/banks': () => jsonResponse(aCatalogList()) });
    const router = renderApp('/');
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: '  rivers ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(router.state.location.search).toBe('?q=rivers');
  });

  it('says what to change when nothing matches, and clears the search and filters', async () => {
    stubApi({
      'GET /api/catalog/banks': (url) =>
        jsonResponse(url.search.includes('q=') ? aCatalogList([]) : aCatalogList()),
    });
    const router = renderApp('/?q=zzz&language=de&sort=questions');

    expect(await screen.findByText('No banks match')).toBeTruthy();
    expect(screen.getByText(/Try other words/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 banks');
    const clear = screen.getAllByRole('button', { name: 'Clear search and filters' });
    fireEvent.click(clear.at(-1)!);

    await waitFor(() => expect(router.state.location.search).toBe('?sort=questions'));
    expect(await screen.findByRole('link', { name: 'World capitals' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
  });

  it('links to the pages before and after', async () => {
    stubApi({
      'GET /api/catalog/banks': () => jsonResponse(aCatalogList([aBank()], { total: 60, page: 2 })),
    });
    renderApp('/?tag=geography&page=2');

    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/?tag=geography',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/?tag=geography&page=3',
    );
    expect(screen.getByRole('status').textContent).toBe('60 banks');
  });
});
