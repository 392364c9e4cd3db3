import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClassRoster, LearnerClass, TeachingClass } from '@questa/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { aMembership, aSession } from '../../../testing/session-fixtures';
import { jsonResponse, noContent, problemResponse, stubApi } from '../../../testing/stub-fetch';

const clientId = aMembership().clientId;
const aClass = (overrides: Partial<TeachingClass> = {}): TeachingClass => ({
  id: '33333333-3333-4333-8333-333333333333',
  clientId,
  name: 'Year 9 geography',
  joinCode: 'K7M2QX9P',
  teacherId: '11111111-1111-4111-8111-111111111111',
  teacherName: 'Ada Lovelace',
  learnerCount: 0,
  createdAt: '2026-03-01T09:00:00.000Z',
  archivedAt: null,
  ...overrides,
});
const teacher = () => aSession({}, [aMembership({ role: 'teacher' })]);
const base = `/api/teaching/clients/${clientId}/classes`;

describe('classes', () => {
  it('creates a class and says its code', async () => {
    let classes: TeachingClass[] = [];
    stubApi({
      [`GET ${base}`]: () => jsonResponse({ classes }),
      [`POST ${base}`]: () => {
        classes = [aClass()];
        return jsonResponse(aClass(), { status: 201 });
      },
    });
    renderApp('/classes', { session: teacher() });
    expect(await screen.findByText('No classes yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Give the class a name.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New class'), {
      target: { value: 'Year 9 geography' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create class' }));
    expect(
      await screen.findByText('Class “Year 9 geography” created. Its code is K7M2QX9P.'),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Year 9 geography' })).toBeTruthy();
  });

  it('refuses the page to someone who teaches nowhere', async () => {
    stubApi({});
    renderApp('/classes', { session: aSession({}, [aMembership({ role: 'author' })]) });
    expect(await screen.findByText('403')).toBeTruthy();
  });

  it('asks before removing a learner and says it was done', async () => {
    let roster: ClassRoster = {
      class: aClass({ learnerCount: 1 }),
      learners: [
        {
          userId: '44444444-4444-4444-8444-444444444444',
          displayName: 'Bo Learner',
          email: 'bo@example.com',
          joinedAt: '2026-03-02T09:00:00.000Z',
        },
      ],
    };
    stubApi({
      [`GET ${base}/${aClass().id}`]: () => jsonResponse(roster),
      [`DELETE ${base}/${aClass().id}/learners/44444444-4444-4444-8444-444444444444`]: () => {
        roster = { class: aClass(), learners: [] };
        return noContent();
      },
    });
    renderApp(`/classes/${aClass().id}?workspace=${clientId}`, { session: teacher() });
    expect(await screen.findByTestId('join-code')).toHaveProperty('textContent', 'K7M2QX9P');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Remove Bo Learner from the class' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this learner?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Bo Learner was removed from the class.')).toBeTruthy();
    expect(await screen.findByText('Nobody has joined yet')).toBeTruthy();
  });
});

describe('joining a class', () => {
  it('joins after a yes and leads to To do', async () => {
    const joined: LearnerClass = {
      id: aClass().id,
      name: 'Year 9 geography',
      teacherName: 'Ada Lovelace',
      joinedAt: '2026-03-02T09:00:00.000Z',
      archived: false,
    };
    stubApi({ 'POST /api/classes/join': () => jsonResponse(joined) });
    renderApp('/join/k7m2-qx9p', { session: aSession() });
    expect(await screen.findByText(/class with code K7M2QX9P/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(
      await screen.findByRole('heading', { name: 'You are in “Year 9 geography”' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to To do' }).getAttribute('href')).toBe('/todo');
  });

  it('says plainly when the class is archived', async () => {
    stubApi({
      'POST /api/classes/join': () => problemResponse({ status: 409, code: 'class.archived' }),
    });
    renderApp('/join/K7M2QX9P', { session: aSession() });
    fireEvent.click(await screen.findByRole('button', { name: 'Join class' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This class is archived'),
    );
  });
});
