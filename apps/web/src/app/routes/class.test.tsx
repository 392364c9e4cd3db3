import { screen, waitFor } from '@testing-library/react';
import type { ClassRoster, Gradebook } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { calls, heldResponse, jsonResponse, stubApi } from '../../testing/stub-fetch';

const clientId = aMembership().clientId;
const classId = '33333333-3333-4333-8333-333333333333';
const base = `/api/teaching/clients/${clientId}/classes/${classId}`;
const learner = {
  userId: '44444444-4444-4444-8444-444444444444',
  displayName: 'Bo Learner',
  email: 'bo@example.com',
};

describe('class page', () => {
  it('asks for the roster, the assignments and the gradebook at once, not one after another', async () => {
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
      ],
      learners: [
        {
          ...learner,
          cells: [[1, 0.5, 0, 120, 1]],
        },
      ],
    };
    const rosterAnswer = heldResponse();
    const fetchMock = stubApi({
      [`GET ${base}`]: rosterAnswer.reply,
      [`GET ${base}/assignments`]: () => jsonResponse({ assignments: [] }),
      [`GET /qdb/api/v1/clients/${clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${base}/gradebook`]: () => jsonResponse(book),
    });
    renderApp(`/classes/${classId}?workspace=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'teacher' })]),
    });

    // The roster has not answered, so no section that needs it is on the page yet.
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual(
        expect.arrayContaining([`GET ${base}`, `GET ${base}/assignments`, `GET ${base}/gradebook`]),
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Geography' })).toBeNull();

    await rosterAnswer.release(jsonResponse(roster));
    const table = await screen.findByRole('grid', {
      name: 'Results of each learner in each assignment',
    });
    expect(table.textContent).toContain('50%');
    expect(calls(fetchMock).filter((call) => call === `GET ${base}/gradebook`)).toHaveLength(1);
  });
});
