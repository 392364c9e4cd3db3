import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TodoItem } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aSession } from '../../../testing/session-fixtures';
import { calls, jsonResponse, stubApi } from '../../../testing/stub-fetch';

const anItem = (
  overrides: Partial<TodoItem> = {},
  assignment: Partial<TodoItem['assignment']> = {},
): TodoItem => ({
  assignment: {
    id: '55555555-5555-4555-8555-555555555555',
    classId: '33333333-3333-4333-8333-333333333333',
    kind: 'practice',
    title: 'Capitals, week 1',
    bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
    bankTitle: 'Capitals',
    blueprintId: null,
    questionCount: 3,
    timeLimitSeconds: null,
    opensAt: '2026-03-01T09:00:00.000Z',
    dueAt: '2026-03-08T09:00:00.000Z',
    attemptsAllowed: 1,
    latePolicy: 'accept',
    latePenaltyPercent: 0,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...assignment,
  },
  className: 'Geography',
  state: 'not_started',
  overdue: false,
  startable: true,
  attemptsUsed: 0,
  score: null,
  late: false,
  completedAt: null,
  current: null,
  ...overrides,
});

describe('To do', () => {
  it('lists what is open with overdue marked, what is done with its score, and starts one', async () => {
    const overdue = anItem(
      { overdue: true },
      {
        id: '66666666-6666-4666-8666-666666666666',
        title: 'Rivers',
        dueAt: '2026-02-01T09:00:00.000Z',
      },
    );
    const done = anItem(
      {
        state: 'completed',
        score: 0.75,
        late: true,
        attemptsUsed: 1,
        completedAt: '2026-03-02T09:00:00.000Z',
      },
      { id: '77777777-7777-4777-8777-777777777777', title: 'Mountains', kind: 'exam' },
    );
    const fetchMock = stubApi({
      'GET /api/todo': () => jsonResponse({ todo: [overdue, anItem()], done: [done] }),
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [] }),
      [`POST /api/assignments/${anItem().assignment.id}/start`]: () =>
        jsonResponse({
          kind: 'practice',
          practiceSessionId: '88888888-8888-4888-8888-888888888888',
          examAttemptId: null,
        }),
    });
    renderApp('/todo', { session: aSession() });

    const lists = await screen.findAllByRole('list');
    const items = within(lists[0]!).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Rivers');
    expect(within(items[0]!).getByText('Overdue')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Capitals, week 1');

    const doneItem = screen.getByText('Mountains').closest('li')!;
    expect(within(doneItem).getByText('Score: 75%')).toBeTruthy();
    expect(within(doneItem).getByText('Handed in late')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Start Capitals, week 1' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(`POST /api/assignments/${anItem().assignment.id}/start`),
    );
  });

  it('says when there is nothing to do and offers to join a class by code', async () => {
    stubApi({
      'GET /api/todo': () => jsonResponse({ todo: [], done: [] }),
      'GET /api/classes/live-rooms': () => jsonResponse({ rooms: [] }),
    });
    renderApp('/todo', { session: aSession() });
    expect(await screen.findByText('Nothing to do')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Class code'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A class code has 8 letters and digits.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Class code'), { target: { value: 'k7m2-qx9p' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/class with code K7M2QX9P/)).toBeTruthy();
  });
});
