import { renderApp } from '../../../testing/render-app';
import type { ItemStatistics } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aQuestionSummary,
  anAuthoringBank,
  bankId,
  clientId,
  qdb,
  questionId,
} from '../../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const otherId = '5e0d9c8b-7a69-4584-9372-000000000002';
const quietId = '5e0d9c8b-7a69-4584-9372-000000000003';
const statsPath = `/api/authoring/clients/${clientId}/banks/${bankId}/item-statistics`;

const statistics: ItemStatistics = {
  minResponses: 30,
  items: [
    {
      questionId,
      responses: 120,
      facility: 0.18,
      discrimination: -0.123,
      flags: ['too_hard', 'negative_discrimination'],
    },
    { questionId: otherId, responses: 80, facility: 0.64, discrimination: 0.41, flags: [] },
  ],
};

const routes = {
  [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
  [`GET ${qdb('/questions')}`]: () =>
    jsonResponse({
      questions: [
        aQuestionSummary(),
        aQuestionSummary({ id: otherId, excerpt: 'Name the longest river.' }),
        aQuestionSummary({ id: quietId, excerpt: 'Which ocean is largest?' }),
      ],
      nextCursor: null,
    }),
};

describe('item statistics on the bank page', () => {
  it('shows facility, discrimination, responses and flags in words beside each question', async () => {
    stubApi({ ...routes, [`GET ${statsPath}`]: () => jsonResponse(statistics) });
    renderApp(`/author/banks/${bankId}?tenant=${clientId}`, {
      session: aSession({}, [aMembership()]),
    });

    const panel = await screen.findByRole('region', { name: 'Item statistics' });
    expect(await within(panel).findByText('Learners answered 2 questions.')).toBeTruthy();
    expect(within(panel).getByText('1 needs a look.')).toBeTruthy();
    expect(
      within(panel).getByText('A question is flagged only once 30 learners have answered it.'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByText('What do these numbers mean?'));
    expect(within(panel).getByText(/The key may be wrong/)).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Questions' });
    const flagged = within(list)
      .getByRole('link', { name: 'What is the capital of France?' })
      .closest('li') as HTMLElement;
    expect(flagged.className).toContain('question-list__item--flagged');
    expect(within(flagged).getByText('120 responses')).toBeTruthy();
    expect(within(flagged).getByText('Facility 18%')).toBeTruthy();
    expect(within(flagged).getByText('Discrimination -0.12')).toBeTruthy();
    expect(within(flagged).getByText('Too hard')).toBeTruthy();
    expect(within(flagged).getByText('Negative discrimination')).toBeTruthy();

    const good = within(list).getByText('Name the longest river.').closest('li') as HTMLElement;
    expect(good.className).not.toContain('flagged');
    expect(within(good).getByText('Discrimination 0.41')).toBeTruthy();
    const quiet = within(list).getByText('Which ocean is largest?').closest('li') as HTMLElement;
    expect(within(quiet).getByText('No responses yet')).toBeTruthy();
  });

  it('keeps the question list when the statistics cannot be loaded', async () => {
    stubApi({
      ...routes,
      [`GET ${statsPath}`]: () => problemResponse({ status: 503, code: 'unavailable' }),
    });
    renderApp(`/author/banks/${bankId}?tenant=${clientId}`, {
      session: aSession({}, [aMembership()]),
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The item statistics could not be loaded.');
    const list = await screen.findByRole('list', { name: 'Questions' });
    expect(within(list).getByText('Name the longest river.')).toBeTruthy();
    expect(within(list).queryByText('No responses yet')).toBeNull();
  });
});
