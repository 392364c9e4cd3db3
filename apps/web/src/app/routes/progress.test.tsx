import { renderApp } from '../../testing/render-app';
import type { ExamSummary, ProgressAnalytics, ProgressReport } from '@questa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  activeBilling,
  aSessionBilling,
  aSessionWithBilling,
} from '../../testing/billing-fixtures';
import { aSession } from '../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../testing/stub-fetch';

const bankId = '7d1f3c2e-7a43-4c55-9a8f-1f0a2b3c4d5e';

function anExam(overrides: Partial<ExamSummary> = {}): ExamSummary {
  return {
    id: '9a8b7c6d-1111-4111-8111-111111111111',
    bankId,
    bankTitle: 'World capitals',
    blueprintTitle: 'Mock exam',
    state: 'submitted',
    startedAt: '2026-03-02T09:00:00.000Z',
    deadline: '2026-03-02T09:30:00.000Z',
    submittedAt: '2026-03-02T09:20:00.000Z',
    questionCount: 20,
    score: {
      points: 15,
      maxPoints: 20,
      fraction: 0.75,
      passed: true,
      pendingCount: 0,
      pendingPoints: 0,
    },
    ...overrides,
  };
}

function aReport(overrides: Partial<ProgressReport> = {}): ProgressReport {
  const byDay = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 1, 9 + index)).toISOString().slice(0, 10);
    return {
      day,
      answered: index === 29 ? 12 : index === 10 ? 4 : 0,
      correct: index === 29 ? 9 : index === 10 ? 1 : 0,
    };
  });
  return {
    totals: { answered: 16, correct: 10 },
    byTopic: [
      { bankId, bankTitle: 'World capitals', topic: 'Europe', answered: 10, correct: 9 },
      { bankId, bankTitle: 'World capitals', topic: 'Asia', answered: 6, correct: 1 },
    ],
    byDay,
    streak: { current: 1, longest: 4 },
    exams: [
      anExam(),
      anExam({
        id: '9a8b7c6d-2222-4222-8222-222222222222',
        startedAt: '2026-03-05T09:00:00.000Z',
        submittedAt: '2026-03-05T09:25:00.000Z',
        score: {
          points: 8,
          maxPoints: 20,
          fraction: 0.4,
          passed: false,
          pendingCount: 0,
          pendingPoints: 0,
        },
      }),
    ],
    ...overrides,
  };
}

describe('progress page', () => {
  it('shows totals, streaks, both charts with their tables, and the exams', async () => {
    stubApi({ 'GET /api/progress': () => jsonResponse(aReport()) });
    renderApp('/progress', { session: aSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Progress' })).toBeTruthy();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Answered').nextElementSibling?.textContent).toBe('16');
    expect(within(summary).getByText('Accuracy').nextElementSibling?.textContent).toBe(
      '63%10 of 16 correct',
    );
    expect(within(summary).getByText('Current streak').nextElementSibling?.textContent).toBe(
      '1 day',
    );
    expect(within(summary).getByText('Longest streak').nextElementSibling?.textContent).toBe(
      '4 days',
    );

    const topics = screen.getByRole('img', { name: /^Accuracy by topic, weakest first/ });
    expect(topics.getAttribute('aria-label')).toBe(
      'Accuracy by topic, weakest first. Lowest: Asia, 17%. Highest: Europe, 90%.',
    );
    expect(
      within(topics)
        .getAllByText(/%$/)
        .map((text) => text.textContent),
    ).toEqual(['17%', '90%']);
    fireEvent.click(screen.getByText('Show accuracy by topic as a table'));
    const topicTable = screen.getByRole('table', { name: 'Accuracy by topic' });
    const asia = within(topicTable).getByRole('rowheader', { name: 'Asia' }).closest('tr');
    expect(asia?.textContent).toBe('Asia6117%');

    const days = screen.getByRole('img', { name: /^Answers per day over 30 days/ });
    expect(days.getAttribute('aria-label')).toBe(
      'Answers per day over 30 days: 16 answered, 10 correct; the most on March 10, 12.',
    );
    const dayTable = screen.getByRole('table', { name: 'Answers over the last 30 days' });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(31);

    const exams = screen.getByRole('table', { name: 'Exams' });
    const rows = within(exams).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('40%');
    expect(within(rows[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Passed')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: 'Review World capitals · Mock exam, Mar 2, 2026' })
        .getAttribute('href'),
    ).toBe(`/exams/${anExam().id}/review`);
  });

  it('writes a long topic name out in full, and labels every exam cell for a phone', async () => {
    const longTopic = 'Capitals of the member states of the European Union and their rivers';
    stubApi({
      'GET /api/progress': () =>
        jsonResponse(
          aReport({
            byTopic: [
              { bankId, bankTitle: 'World capitals', topic: longTopic, answered: 4, correct: 3 },
            ],
          }),
        ),
    });
    renderApp('/progress', { session: aSession() });

    const chart = await screen.findByRole('img', { name: new RegExp(longTopic) });
    expect(chart.textContent).toContain(longTopic);
    expect(chart.textContent).not.toContain('…');
    const topics = screen.getByRole('table', { name: 'Accuracy by topic' });
    expect(within(topics).getByRole('rowheader', { name: longTopic })).toBeTruthy();

    // On a narrow screen each exam is a card; each value carries its column's name.
    const exams = screen.getByRole('table', { name: 'Exams' });
    expect(exams.classList.contains('table--stacked')).toBe(true);
    for (const row of within(exams).getAllByRole('row').slice(1)) {
      const labels = [...row.querySelectorAll('td[data-label]')].map((cell) =>
        cell.getAttribute('data-label'),
      );
      expect(labels).toEqual(['Date', 'Score', 'Result']);
    }
  });

  it('welcomes a new learner with a way to start', async () => {
    stubApi({
      'GET /api/progress': () =>
        jsonResponse(
          aReport({
            totals: { answered: 0, correct: 0 },
            byTopic: [],
            byDay: aReport().byDay.map((day) => ({ ...day, answered: 0, correct: 0 })),
            streak: { current: 0, longest: 0 },
            exams: [],
          }),
        ),
    });
    renderApp('/progress', { session: aSession() });

    expect(await screen.findByText('No progress yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a question bank' }).getAttribute('href')).toBe(
      '/',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('explains a failure and retries', async () => {
    let fail = true;
    stubApi({
      'GET /api/progress': () =>
        fail ? problemResponse({ status: 503, code: 'unavailable' }) : jsonResponse(aReport()),
    });
    renderApp('/progress', { session: aSession() });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your progress could not be loaded.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Exams' })).toBeTruthy();
  });

  it('shows a premium learner their recall forecast and time per answer by topic', async () => {
    const analytics: ProgressAnalytics = {
      generatedAt: '2026-03-10T12:00:00.000Z',
      topics: [
        {
          bankId,
          bankTitle: 'World capitals',
          topic: 'Asia',
          cards: 6,
          dueWithin7Days: 4,
          recall: [
            { days: 0, probability: 0.93 },
            { days: 7, probability: 0.71 },
            { days: 30, probability: 0.42 },
          ],
          answerTime: { medianSeconds: 14.2, answers: 5 },
        },
        {
          bankId,
          bankTitle: 'World capitals',
          topic: 'Europe',
          cards: 0,
          dueWithin7Days: 0,
          recall: [],
          answerTime: { medianSeconds: 95, answers: 3 },
        },
      ],
    };
    stubApi({
      'GET /api/progress': () => jsonResponse(aReport()),
      'GET /api/progress/analytics': () => jsonResponse(analytics),
    });
    renderApp('/progress', { session: aSessionWithBilling(activeBilling()) });

    const table = await screen.findByRole('table', { name: 'Detailed analytics' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Topic',
      'Cards',
      'Recall now',
      'In 7 days',
      'In 30 days',
      'Due this week',
      'Time per answer',
    ]);
    const asia = within(table).getByRole('rowheader', { name: /Asia/ }).closest('tr');
    expect(asia?.textContent).toBe('AsiaWorld capitals693%71%42%414 sec');
    const europe = within(table)
      .getByRole('rowheader', { name: /Europe/ })
      .closest('tr');
    expect(europe?.textContent).toBe('EuropeWorld capitals0———01.6 min');
    expect(screen.queryByRole('link', { name: 'Unlock with premium' })).toBeNull();
  });

  it('shows a free learner what detailed analytics hold, without their data, and the way to the plans', async () => {
    const fetchMock = stubApi({ 'GET /api/progress': () => jsonResponse(aReport()) });
    const router = renderApp('/progress', { session: aSessionWithBilling(aSessionBilling()) });

    const section = (await screen.findByRole('heading', { name: 'Detailed analytics' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('Premium')).toBeTruthy();
    expect(section.textContent).toContain('how many questions fall due for review this week');
    expect(within(section).queryByRole('table')).toBeNull();
    expect(calls(fetchMock)).not.toContain('GET /api/progress/analytics');
    fireEvent.click(within(section).getByRole('link', { name: 'Unlock with premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
  });
});
