import { renderApp } from '../../testing/render-app';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  aQuestionSummary,
  anAuthoringBank,
  bankId,
  clientId,
  qdb,
  questionId,
} from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const bankPath = `/author/banks/${bankId}?tenant=${clientId}`;
const bankRoute = { [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()) };

describe('bank page', () => {
  it('lists the questions and loads more with the cursor', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: (url) =>
        url.searchParams.get('cursor') === 'next'
          ? jsonResponse({
              questions: [aQuestionSummary({ id: 'q2', excerpt: 'Name the longest river.' })],
              nextCursor: null,
            })
          : jsonResponse({
              questions: [aQuestionSummary({ status: 'published' })],
              nextCursor: 'next',
            }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    expect(await screen.findByRole('heading', { level: 1, name: 'World capitals' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Questions' });
    const link = within(list).getByRole('link', { name: 'What is the capital of France?' });
    expect(link.getAttribute('href')).toBe(`/author/questions/${questionId}?tenant=${clientId}`);
    expect(within(list).getByText('Published')).toBeTruthy();
    expect(within(list).getByText('Single choice')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Name the longest river.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls(fetchMock)).toContain(
      `GET ${qdb('/questions')}?bankId=${bankId}&limit=25&cursor=next`,
    );
  });

  it('searches after a pause in typing and shows the matches', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: (url) =>
        url.searchParams.get('q')
          ? jsonResponse({
              questions: [aQuestionSummary({ headline: 'the «capital» of France' })],
              nextCursor: null,
            })
          : jsonResponse({ questions: [], nextCursor: null }),
    });
    const router = renderApp(bankPath, { session: aSession({}, [aMembership()]) });
    expect(await screen.findByText('No questions yet')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'cap' } });
    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'capital' } });

    const mark = await screen.findByText('capital', { selector: 'mark' });
    expect(mark.closest('a')?.textContent).toBe('the capital of France');
    const searches = calls(fetchMock).filter((call) => call.includes('q='));
    expect(searches).toEqual([`GET ${qdb('/questions')}?bankId=${bankId}&q=capital&limit=25`]);
    expect(router.state.location.search).toContain('q=capital');
  });

  it('filters by type, difficulty and status, and says when nothing matches', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });
    await screen.findByText('No questions yet');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'numeric' } });
    fireEvent.change(screen.getByLabelText('Difficulty'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_review' } });

    expect(await screen.findByText('No matching questions')).toBeTruthy();
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        `GET ${qdb('/questions')}?bankId=${bankId}&type=numeric&status=in_review&difficulty=4&limit=25`,
      ),
    );
  });

  it('opens an empty editor for the chosen type from the menu, creating nothing yet', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    const button = await screen.findByRole('button', { name: 'New question' });
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'New question' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Single choice',
      'Multiple response',
      'True or false',
      'Short answer',
      'Numeric',
      'Ordering',
      'Matching',
      'Fill in the blanks',
      'Hotspot (click on an image)',
      'Calculated',
      'Essay',
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Fill in the blanks' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'New question' })).toBeTruthy();
    const stem = screen.getByLabelText('Question text') as HTMLTextAreaElement;
    // The example is a placeholder, never the question's text.
    expect(stem.value).toBe('');
    expect(stem.placeholder).toBe('Complete the sentence: {{b1}}');
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('links to import, downloads an export, and shows API keys to owners', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
      [`GET ${qdb(`/banks/${bankId}/export`)}`]: () =>
        new Response('<quiz/>', {
          headers: { 'content-disposition': 'attachment; filename="world-capitals.xml"' },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:export');
    // jsdom has no object URLs; the saved file is the browser's business.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp(bankPath, { session: aSession({}, [aMembership({ role: 'owner' })]) });

    const importLink = await screen.findByRole('link', { name: 'Import' });
    expect(importLink.getAttribute('href')).toBe(
      `/author/import?tenant=${clientId}&bank=${bankId}`,
    );
    expect(screen.getByRole('link', { name: 'API keys' }).getAttribute('href')).toBe(
      `/author/api-keys?tenant=${clientId}`,
    );

    const exportButton = screen.getByRole('button', { name: 'Export' });
    expect(exportButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(exportButton);
    fireEvent.change(screen.getByLabelText('Export format'), { target: { value: 'moodle_xml' } });
    fireEvent.change(screen.getByLabelText('Questions to export'), { target: { value: 'all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls(fetchMock)).toContain(
      `GET ${qdb(`/banks/${bankId}/export`)}?format=moodle_xml&status=all`,
    );
    expect(screen.queryByText('Nothing was downloaded')).toBeNull();
  });

  it('says so when an export would be empty instead of downloading a file', async () => {
    stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
      [`GET ${qdb(`/banks/${bankId}/export`)}`]: () =>
        problemResponse({ status: 422, code: 'export.empty' }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    const alert = (await screen.findByText('Nothing was downloaded')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('“Published only” leaves drafts out');
  });

  it('edits the bank’s title and tags and says it saved', async () => {
    let bank = anAuthoringBank();
    const fetchMock = stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(bank),
      [`PATCH ${qdb(`/banks/${bankId}`)}`]: (_url, init) => {
        bank = { ...bank, ...(JSON.parse(String(init?.body)) as Partial<typeof bank>) };
        return jsonResponse(bank);
      },
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit bank' }));
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank' }));
    expect(await screen.findByText("This can't be empty.")).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('PATCH'))).toBe(false);

    fireEvent.change(title, { target: { value: 'Capitals of the world' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'geography, europe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank' }));
    expect(await screen.findByText('Bank saved.')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Capitals of the world' }),
    ).toBeTruthy();
    expect(bank.tags).toEqual(['geography', 'europe']);
  });

  it('archives a bank after saying what becomes of its questions, and restores it', async () => {
    let bank = anAuthoringBank({ questionCount: 3 });
    stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(bank),
      [`POST ${qdb(`/banks/${bankId}/archive`)}`]: () => {
        bank = { ...bank, archivedAt: '2026-04-01T10:00:00.000Z' };
        return jsonResponse(bank);
      },
      [`POST ${qdb(`/banks/${bankId}/restore`)}`]: () => {
        bank = { ...bank, archivedAt: null };
        return jsonResponse(bank);
      },
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Archive bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive “World capitals”?' });
    expect(dialog.textContent).toContain('Its 3 questions stay');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive bank' }));
    expect(await screen.findByText(/^Bank archived\./)).toBeTruthy();
    expect(await screen.findByText('Archived')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Restore bank' }));
    expect(await screen.findByText(/^Bank restored\./)).toBeTruthy();
    expect(bank.archivedAt).toBeNull();
  });

  it('says why a bank with published questions cannot be deleted', async () => {
    const fetchMock = stubApi({
      ...bankRoute,
      [`DELETE ${qdb(`/banks/${bankId}`)}`]: () =>
        problemResponse({ status: 409, code: 'bank.has_published' }),
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership()]) });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “World capitals” for good?' });
    expect(dialog.textContent).toContain('never published');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete bank' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Archive it instead');
    expect(calls(fetchMock)).toContain(`DELETE ${qdb(`/banks/${bankId}`)}`);
  });

  it('offers reviewers neither new questions nor import nor keys', async () => {
    stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    renderApp(bankPath, { session: aSession({}, [aMembership({ role: 'reviewer' })]) });

    expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New question' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit bank' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
  });

  it('finds the tenant of a bank when the address does not name it', async () => {
    const other = aMembership({
      clientId: '33333333-3333-4333-8333-333333333333',
      clientName: 'Bio Lab',
    });
    const fetchMock = stubApi({
      ...bankRoute,
      [`GET ${qdb('/questions')}`]: () => jsonResponse({ questions: [], nextCursor: null }),
    });
    const router = renderApp(`/author/banks/${bankId}`, {
      session: aSession({}, [other, aMembership()]),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'World capitals' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?tenant=${clientId}`);
    expect(calls(fetchMock)[0]).toBe(`GET /qdb/api/v1/clients/${other.clientId}/banks/${bankId}`);
  });

  it('refuses a tenant the user does not belong to', async () => {
    stubApi({});
    renderApp(`/author/banks/${bankId}?tenant=99999999-9999-4999-8999-999999999999`, {
      session: aSession({}, [aMembership()]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });
});
