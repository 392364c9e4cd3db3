import { renderApp } from '../../../testing/render-app';
import type { QuestionBulk } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aQuestionSummary,
  aTenantBank,
  anAuthoringBank,
  bankId,
  clientId,
  qdb,
} from '../../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

const bankPath = `/author/banks/${bankId}?tenant=${clientId}`;
const owner = () => aSession({}, [aMembership({ role: 'owner' })]);
const sha = 'c0'.repeat(32);
const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

function stubList(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
    [`GET ${qdb('/banks')}`]: () =>
      jsonResponse({ banks: [aTenantBank({ id: bankId })], nextCursor: null }),
    [`GET ${qdb('/questions')}`]: () =>
      jsonResponse({
        questions: [
          aQuestionSummary({
            id: ids[0],
            excerpt: `**Which** map? ![A map of Europe](media:${sha}) Solve $x^2 = 4$.`,
          }),
          aQuestionSummary({ id: ids[1], excerpt: 'Name a *river*.' }),
        ],
        nextCursor: 'more',
      }),
    [`GET ${qdb('/questions/count')}`]: () => jsonResponse({ count: 7 }),
    ...extra,
  });
}

function bulkBody(fetchMock: ReturnType<typeof stubApi>): QuestionBulk {
  const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/questions/bulk'));
  if (!call) throw new Error(`No bulk request; calls: ${calls(fetchMock).join(', ')}`);
  return JSON.parse(String(call[1]?.body)) as QuestionBulk;
}

describe('question list', () => {
  it('shows each stem as readable text: no Markdown, math without dollars, images as a marker', async () => {
    stubList();
    renderApp(bankPath, { session: owner() });
    const list = await screen.findByRole('list', { name: 'Questions' });
    const link = within(list).getByRole('link', { name: /^Which map\?/ });
    expect(link.textContent).toBe('Which map? [image: A map of Europe] Solve x² = 4.');
    expect(link.getAttribute('title')).toBe(link.textContent);
    expect(list.textContent).not.toContain(sha);
    expect(within(list).getByRole('link', { name: 'Name a river.' })).toBeTruthy();
  });

  it('selects the page, then all matching, and publishes them after saying what happens', async () => {
    const fetchMock = stubList({
      [`POST ${qdb(`/banks/${bankId}/questions/bulk`)}`]: () =>
        jsonResponse({
          action: 'publish',
          done: ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}0000000-0000-4000-8000-000000000000`),
          skipped: [
            { questionId: ids[0], reason: 'not_in_review', detail: 'It is a draft.' },
            { questionId: ids[1], reason: 'not_in_review', detail: 'It is a draft.' },
          ],
        }),
    });
    renderApp(bankPath, { session: owner() });
    const list = await screen.findByRole('list', { name: 'Questions' });
    const publish = screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);

    fireEvent.click(within(list).getByRole('checkbox', { name: /^Select: Name a river/ }));
    expect(screen.getByText('1 selected')).toBeTruthy();
    expect(publish.disabled).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Select all 7 questions matching this filter' }),
    );
    expect(screen.getByText('All 7 matching questions are selected')).toBeTruthy();

    fireEvent.click(publish);
    const dialog = await screen.findByRole('dialog', { name: 'Publish 7 questions?' });
    expect(dialog.textContent).toContain('Learners will see them.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await screen.findByText('5 published; 2 skipped: not in review');
    expect(bulkBody(fetchMock)).toEqual({ action: 'publish', matching: {} });
    await waitFor(() => expect(screen.getByText('0 selected')).toBeTruthy());
  });

  it('offers a reviewer only the actions a reviewer may take', async () => {
    stubList();
    renderApp(bankPath, { session: aSession({}, [aMembership({ role: 'reviewer' })]) });
    await screen.findByRole('list', { name: 'Questions' });
    const actions = screen
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((name) =>
        ['Submit for review', 'Publish', 'Retire', 'Move', 'Delete drafts'].includes(name ?? ''),
      );
    expect(actions).toEqual(['Publish', 'Retire']);
  });

  it('asks before deleting, saying it cannot be undone and only drafts go', async () => {
    const fetchMock = stubList({
      [`POST ${qdb(`/banks/${bankId}/questions/bulk`)}`]: () =>
        jsonResponse({ action: 'delete', done: [ids[1]], skipped: [] }),
    });
    renderApp(bankPath, { session: owner() });
    const list = await screen.findByRole('list', { name: 'Questions' });
    fireEvent.click(within(list).getByRole('checkbox', { name: /^Select: Name a river/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete drafts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 question?' });
    expect(dialog.textContent).toContain('cannot be undone');
    expect(dialog.textContent).toContain('Only drafts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete drafts' }));
    await screen.findByText('1 deleted');
    expect(bulkBody(fetchMock)).toEqual({ action: 'delete', questionIds: [ids[1]] });
  });
});
