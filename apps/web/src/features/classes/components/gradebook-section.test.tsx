import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassRoster, Gradebook, LearnerHistory } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../../testing/stub-fetch';

const clientId = aMembership().clientId;
const classId = '33333333-3333-4333-8333-333333333333';
const base = `/api/teaching/clients/${clientId}/classes/${classId}`;
const learner = {
  userId: '44444444-4444-4444-8444-444444444444',
  displayName: 'Bo Learner',
  email: 'bo@example.com',
};

describe('gradebook', () => {
  it('shows each learner’s score, late mark and time per assignment, their history, and the CSV link', async () => {
    const roster: ClassRoster = {
      class: {
        id: classId,
        clientId,
        name: 'Geography',
        joinCode: 'K7M2QX9P',
        teacherId: '11111111-1111-4111-8111-111111111111',
        teacherName: 'Ada Lovelace',
        learnerCount: 1,
        createdAt: '2026-03-01T09:00:00.000Z',
        archivedAt: null,
      },
      learners: [{ ...learner, joinedAt: '2026-03-01T09:00:00.000Z' }],
    };
    const book: Gradebook = {
      assignments: [
        {
          id: '55555555-5555-4555-8555-555555555555',
          title: 'Week 1',
          kind: 'practice',
          dueAt: '2026-03-08T09:00:00.000Z',
          questionCount: 3,
        },
        {
          id: '66666666-6666-4666-8666-666666666666',
          title: 'Exam',
          kind: 'exam',
          dueAt: '2026-03-09T09:00:00.000Z',
          questionCount: 10,
        },
      ],
      learners: [
        {
          ...learner,
          cells: [[1, 0.8, 1, 300, 1], null],
        },
      ],
    };
    const history: LearnerHistory = {
      learner: { ...learner, joinedAt: '2026-03-01T09:00:00.000Z' },
      attempts: [
        {
          assignmentId: book.assignments[0]!.id,
          title: 'Week 1',
          kind: 'practice',
          dueAt: '2026-03-08T09:00:00.000Z',
          attempt: 1,
          startedAt: '2026-03-09T09:00:00.000Z',
          completedAt: '2026-03-09T09:05:00.000Z',
          score: 0.8,
          late: true,
          timeSpentSeconds: 300,
        },
      ],
    };
    stubApi({
      [`GET ${base}`]: () => jsonResponse(roster),
      [`GET ${base}/assignments`]: () => jsonResponse({ assignments: [] }),
      [`GET /qdb/api/v1/clients/${clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${base}/gradebook`]: () => jsonResponse(book),
      [`GET ${base}/learners/${learner.userId}/history`]: () => jsonResponse(history),
    });
    renderApp(`/classes/${classId}?workspace=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'teacher' })]),
    });
    const table = await screen.findByRole('grid', {
      name: 'Results of each learner in each assignment',
    });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('80%');
    expect(within(row).getByText('Late')).toBeTruthy();
    expect(within(row).getByText('5 min')).toBeTruthy();
    expect(within(row).getByText('—')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toBe(
      `${base}/gradebook.csv`,
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Attempts of Bo Learner' }));
    expect(await screen.findByRole('heading', { name: 'Attempts of Bo Learner' })).toBeTruthy();
    expect(await screen.findByText(/attempt 1/)).toBeTruthy();
    // The class page offers a live room for the class.
    expect(
      screen.getByRole('link', { name: 'Play live with the class' }).getAttribute('href'),
    ).toBe(`/host?workspace=${clientId}&class=${classId}`);
  });

  it('shows a class’s live room as a column: scores of those who played, “Not done” for the others', async () => {
    const roster: ClassRoster = {
      class: {
        id: classId,
        clientId,
        name: 'Geography',
        joinCode: 'K7M2QX9P',
        teacherId: '11111111-1111-4111-8111-111111111111',
        teacherName: 'Ada Lovelace',
        learnerCount: 2,
        createdAt: '2026-03-01T09:00:00.000Z',
        archivedAt: null,
      },
      learners: [
        { ...learner, joinedAt: '2026-03-01T09:00:00.000Z' },
        {
          userId: '77777777-7777-4777-8777-777777777777',
          displayName: 'Cy Absent',
          email: 'cy@example.com',
          joinedAt: '2026-03-01T09:00:00.000Z',
        },
      ],
    };
    const roomId = '88888888-8888-4888-8888-888888888888';
    const book: Gradebook = {
      assignments: [
        {
          id: roomId,
          title: 'Rivers',
          kind: 'live',
          dueAt: '2026-03-08T09:00:00.000Z',
          questionCount: 5,
        },
      ],
      learners: [
        {
          ...learner,
          cells: [[1, 0.62, 0, 40, 1]],
        },
        {
          userId: '77777777-7777-4777-8777-777777777777',
          displayName: 'Cy Absent',
          email: 'cy@example.com',
          cells: [null],
        },
      ],
    };
    stubApi({
      [`GET ${base}`]: () => jsonResponse(roster),
      [`GET ${base}/assignments`]: () => jsonResponse({ assignments: [] }),
      [`GET /qdb/api/v1/clients/${clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${base}/gradebook`]: () => jsonResponse(book),
    });
    renderApp(`/classes/${classId}?workspace=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'teacher' })]),
    });
    const table = await screen.findByRole('grid', {
      name: 'Results of each learner in each assignment',
    });
    const [header, played, absent] = within(table).getAllByRole('row');
    expect(within(header!).getByRole('columnheader', { name: 'Rivers Live' })).toBeTruthy();
    expect(played!.textContent).toContain('62%');
    expect(within(absent!).getByText('Not done')).toBeTruthy();
  });

  it('draws a large class a screenful at a time, tells its size, and moves by keyboard', async () => {
    const learners = 120;
    const columns = ['Week 1', 'Week 2', 'Exam'];
    const book: Gradebook = {
      assignments: columns.map((title, index) => ({
        id: `55555555-5555-4555-8555-55555555555${index}`,
        title,
        kind: 'practice',
        dueAt: `2026-03-0${index + 1}T09:00:00.000Z`,
        questionCount: 3,
      })),
      learners: Array.from({ length: learners }, (_, index) => ({
        userId: `44444444-4444-4444-8444-${String(index).padStart(12, '0')}`,
        displayName: `Learner ${index + 1}`,
        email: `learner${index + 1}@example.com`,
        cells: [[1, (index % 10) / 10, 0, 60, 1], null, [0, null, 0, 30, 1]],
      })),
    };
    const roster: ClassRoster = {
      class: {
        id: classId,
        clientId,
        name: 'Geography',
        joinCode: 'K7M2QX9P',
        teacherId: '11111111-1111-4111-8111-111111111111',
        teacherName: 'Ada Lovelace',
        learnerCount: learners,
        createdAt: '2026-03-01T09:00:00.000Z',
        archivedAt: null,
      },
      learners: [],
    };
    stubApi({
      [`GET ${base}`]: () => jsonResponse(roster),
      [`GET ${base}/assignments`]: () => jsonResponse({ assignments: [] }),
      [`GET /qdb/api/v1/clients/${clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${base}/gradebook`]: () => jsonResponse(book),
    });
    renderApp(`/classes/${classId}?workspace=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'teacher' })]),
    });
    const grid = await screen.findByRole('grid', {
      name: 'Results of each learner in each assignment',
    });
    // Screen readers hear the whole class and where each drawn row sits in it.
    expect(grid.getAttribute('aria-rowcount')).toBe(String(learners + 1));
    expect(grid.getAttribute('aria-colcount')).toBe(String(columns.length + 1));
    const drawn = () => within(grid).getAllByRole('row').slice(1);
    expect(drawn().length).toBeLessThan(learners / 2);
    expect(drawn()[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(within(grid).queryByRole('rowheader', { name: 'Attempts of Learner 100' })).toBeNull();

    // Rows far down are drawn once scrolled to.
    const scroller = grid.parentElement!;
    scroller.scrollTop = 95 * 60;
    fireEvent.scroll(scroller);
    const hundredth = await within(grid).findByRole('button', { name: 'Attempts of Learner 100' });
    expect(hundredth.closest('tr')!.getAttribute('aria-rowindex')).toBe('101');
    expect(within(grid).queryByRole('button', { name: 'Attempts of Learner 1' })).toBeNull();
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    await within(grid).findByRole('button', { name: 'Attempts of Learner 1' });

    // One tab stop; the arrow keys, Home and End move it from cell to cell.
    const stops = () => grid.querySelectorAll('[tabindex="0"]');
    expect(stops()).toHaveLength(1);
    const corner = within(grid).getByRole('columnheader', { name: 'Learner' });
    expect(stops()[0]).toBe(corner);
    corner.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(grid).getByRole('button', { name: 'Attempts of Learner 1' }),
      ),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement!.textContent).toBe('0%1 min'));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement!.textContent).toBe('In progress1 min'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(grid).getByRole('columnheader', { name: 'Exam' })),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    await waitFor(() => expect(document.activeElement).toBe(corner));
    expect(stops()).toHaveLength(1);

    // Ctrl+End reaches the last learner, drawn for it though it was never scrolled to.
    fireEvent.keyDown(document.activeElement!, { key: 'End', ctrlKey: true });
    await waitFor(() =>
      expect(document.activeElement!.closest('tr')!.getAttribute('aria-rowindex')).toBe(
        String(learners + 1),
      ),
    );
    expect(document.activeElement!.getAttribute('role')).toBe('gridcell');
    expect(within(document.activeElement!.closest('tr')!).getByRole('rowheader').textContent).toBe(
      `Learner ${learners}`,
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Home', ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(corner));
  });
});
