import type { PassageDetail } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import {
  aQuestionSummary,
  anAuthoringBank,
  bankId,
  clientId,
  qdb,
  questionId,
} from '../../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

const passageId = '7d3c2b1a-0f9e-4d8c-8b7a-6c5d4e3f2a1b';
const otherId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const detail = (questions: PassageDetail['questions']): PassageDetail => ({
  id: passageId,
  bankId,
  clientId,
  currentVersion: 2,
  revision: 4,
  content: { title: 'The Nile at Aswan', body: 'The dam holds **Lake Nasser**.', media: [] },
  updatedAt: '2026-03-01T10:00:00.000Z',
  questions,
});
const first = {
  id: questionId,
  position: 1,
  status: 'draft' as const,
  type: 'single_choice' as const,
  excerpt: 'What is the capital of France?',
};

describe('passages panel', () => {
  it('opens a passage with its questions in order, previews it and attaches another question', async () => {
    let attached = false;
    const fetchMock = stubApi({
      [`GET ${qdb(`/banks/${bankId}`)}`]: () => jsonResponse(anAuthoringBank()),
      [`GET ${qdb(`/banks/${bankId}/passages`)}`]: () =>
        jsonResponse({
          passages: [
            {
              id: passageId,
              bankId,
              title: 'The Nile at Aswan',
              currentVersion: 2,
              revision: 4,
              questionCount: attached ? 2 : 1,
              updatedAt: '2026-03-01T10:00:00.000Z',
            },
          ],
        }),
      [`GET ${qdb(`/passages/${passageId}`)}`]: () =>
        jsonResponse(
          detail(
            attached
              ? [first, { ...first, id: otherId, position: 2, excerpt: 'Which river?' }]
              : [first],
          ),
        ),
      [`GET ${qdb('/questions')}`]: () =>
        jsonResponse({
          questions: [
            aQuestionSummary(),
            aQuestionSummary({ id: otherId, excerpt: 'Which river?' }),
          ],
          nextCursor: null,
        }),
      [`PUT ${qdb(`/passages/${passageId}/questions/${otherId}`)}`]: () => {
        attached = true;
        return jsonResponse(detail([first]));
      },
    });
    renderApp(`/author/banks/${bankId}?tenant=${clientId}&view=passages`, {
      session: aSession({}, [aMembership()]),
    });

    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('1 question · version 2')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Open passage The Nile at Aswan' }));

    const editor = await screen.findByRole('region', { name: 'The Nile at Aswan' });
    const preview = await within(editor).findByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('Lake Nasser'));
    const attach = within(editor).getByLabelText('Attach a question');
    // A question already in the passage is not offered again.
    await waitFor(() =>
      expect(
        within(attach)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a question of this bank', 'Which river?']),
    );
    fireEvent.change(attach, { target: { value: otherId } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Attach' }));
    expect(await within(editor).findByRole('link', { name: 'Which river?' })).toBeTruthy();
    expect(calls(fetchMock)).toContain(`PUT ${qdb(`/passages/${passageId}/questions/${otherId}`)}`);
  });
});
