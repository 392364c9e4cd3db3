import { fireEvent, screen, within } from '@testing-library/react';
import type { Assignment, AssignmentAnalysis, ClassRoster, Regrade } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { jsonResponse, stubApi } from '../../../testing/stub-fetch';

const clientId = aMembership().clientId;
const classId = '33333333-3333-4333-8333-333333333333';
const base = `/api/teaching/clients/${clientId}/classes/${classId}`;
const assignment: Assignment = {
  id: '55555555-5555-4555-8555-555555555555',
  classId,
  kind: 'practice',
  title: 'Week 1',
  bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
  bankTitle: 'Capitals',
  blueprintId: null,
  questionCount: 1,
  timeLimitSeconds: null,
  opensAt: '2026-03-01T09:00:00.000Z',
  dueAt: '2026-03-08T09:00:00.000Z',
  attemptsAllowed: 1,
  latePolicy: 'accept',
  latePenaltyPercent: 0,
  createdAt: '2026-03-01T09:00:00.000Z',
  completedCount: 1,
};
const questionId = '3a4b5c6d-7e8f-4a1b-9c2d-3e4f5a6b7c8d';

describe('assignment analysis', () => {
  it('shows each question’s facility and wrong answers, and regrades after a yes', async () => {
    const roster: ClassRoster = {
      class: {
        id: classId,
        clientId,
        name: 'Geography',
        joinCode: 'K7M2QX9P',
        teacherId: '11111111-1111-4111-8111-111111111111',
        teacherName: 'Ada Lovelace',
        learnerCount: 0,
        createdAt: '2026-03-01T09:00:00.000Z',
        archivedAt: null,
      },
      learners: [],
    };
    const analysis: AssignmentAnalysis = {
      questions: [
        {
          position: 1,
          questionId,
          version: 1,
          type: 'true_false',
          excerpt: 'Lima is in Peru.',
          answered: 4,
          facility: 0.25,
          commonWrong: [{ answer: 'False', count: 3 }],
          medianSeconds: 12,
        },
      ],
    };
    const regraded: Regrade = {
      questionId,
      fromVersion: 1,
      toVersion: 2,
      regraded: 4,
      changed: [
        { userId: '44444444-4444-4444-8444-444444444444', displayName: 'Bo', before: 1, after: 0 },
      ],
    };
    stubApi({
      [`GET ${base}`]: () => jsonResponse(roster),
      [`GET ${base}/assignments`]: () => jsonResponse({ assignments: [assignment] }),
      [`GET /qdb/api/v1/clients/${clientId}/banks`]: () =>
        jsonResponse({ banks: [], nextCursor: null }),
      [`GET ${base}/gradebook`]: () => jsonResponse({ assignments: [], learners: [] }),
      [`GET ${base}/assignments/${assignment.id}/analysis`]: () => jsonResponse(analysis),
      [`POST ${base}/assignments/${assignment.id}/regrade`]: () => jsonResponse(regraded),
    });
    renderApp(`/classes/${classId}?workspace=${clientId}`, {
      session: aSession({}, [aMembership({ role: 'teacher' })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Questions of Week 1' }));
    const table = await screen.findByRole('table', {
      name: 'How the class answered each question of Week 1',
    });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('25%');
    expect(row.textContent).toContain('“False” ×3');
    expect(row.textContent).toContain('12 s');
    fireEvent.click(within(row).getByRole('button', { name: 'Regrade question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Regrade after a correction?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regrade' }));
    expect(
      await screen.findByText('4 answers regraded against version 2. Bo: 100% → 0%'),
    ).toBeTruthy();
  });
});
