import type { GradingDetail, GradingQueueItem } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientId } from '../../testing/authoring-fixtures';
import { aMembership, aSession } from '../../testing/session-fixtures';
import { jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';
import { renderApp } from '../../testing/render-app';

const attemptId = '7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const base = `/api/authoring/clients/${clientId}/grading`;
const item: GradingQueueItem = {
  attemptId,
  position: 2,
  bankId: '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70',
  bankTitle: 'Capitals',
  topic: 'Europe',
  excerpt: 'Why do capitals grow?',
  learner: 'Learner 3F9A1C',
  submittedAt: '2026-03-01T10:00:00.000Z',
  status: 'awaiting',
  points: null,
  maxPoints: 2,
};
const detail: GradingDetail = {
  ...item,
  stem: 'Why do capitals grow?',
  media: [],
  rubric: 'Names trade',
  modelAnswer: 'Trade and government draw people.',
  minWords: null,
  maxWords: 200,
  text: 'Markets and courts.',
  comment: null,
  gradedAt: null,
  gradeVersion: 0,
};
const page = `/author/grading?tenant=${clientId}`;

describe('grading queue', () => {
  it('says when nothing awaits grading', async () => {
    stubApi({ [`GET ${base}`]: () => jsonResponse({ items: [] }) });
    renderApp(page, { session: aSession({}, [aMembership({ role: 'reviewer' })]) });
    expect(await screen.findByText('Nothing awaits grading')).toBeTruthy();
  });

  it('opens an answer beside the list, grades it and says so; a grade given meanwhile is explained', async () => {
    let conflict = false;
    const bodies: unknown[] = [];
    stubApi({
      [`GET ${base}`]: () => jsonResponse({ items: [item] }),
      [`GET ${base}/${attemptId}/2`]: () => jsonResponse(detail),
      [`PUT ${base}/${attemptId}/2`]: (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return conflict
          ? problemResponse({ status: 409, code: 'grading.conflict' })
          : jsonResponse({ ...detail, status: 'graded', points: 1.5, gradeVersion: 1 });
      },
    });
    renderApp(page, { session: aSession({}, [aMembership({ role: 'author' })]) });

    const link = await screen.findByRole('link', { name: /Why do capitals grow\?/ });
    expect(link.textContent).toContain('Learner 3F9A1C');
    fireEvent.click(link);
    const answer = await screen.findByRole('region', { name: 'Answer by Learner 3F9A1C' });
    expect(within(answer).getByText('Markets and courts.')).toBeTruthy();
    expect(within(answer).getByText('3 words · at most 200 words')).toBeTruthy();

    const points = within(answer).getByLabelText('Points (0 to 2)');
    fireEvent.change(points, { target: { value: '3' } });
    expect(within(answer).getByText('Enter points from 0 to 2.')).toBeTruthy();
    expect(
      (within(answer).getByRole('button', { name: 'Save grade' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(points, { target: { value: '1.5' } });
    fireEvent.change(within(answer).getByLabelText('Comment for the learner (optional)'), {
      target: { value: 'Good start.' },
    });
    fireEvent.click(within(answer).getByRole('button', { name: 'Save grade' }));
    expect(await within(answer).findByText('Saved: 1.5 of 2 points.')).toBeTruthy();
    expect(bodies[0]).toEqual({ points: 1.5, comment: 'Good start.', gradeVersion: 0 });

    conflict = true;
    fireEvent.click(within(answer).getByRole('button', { name: 'Save new grade' }));
    expect(await within(answer).findByText(/Someone else graded this answer/)).toBeTruthy();
    expect(bodies[1]).toMatchObject({ gradeVersion: 1 });
  });

  it('is not offered to a viewer', async () => {
    stubApi({});
    renderApp(page, { session: aSession({}, [aMembership({ role: 'viewer' })]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeTruthy();
  });
});
