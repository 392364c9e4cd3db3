import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { ExamTimer } from './exam-timer';

const start = Date.parse('2026-03-01T10:00:00.000Z');

function renderTimer(props: { deadline: string; offset: number; onTimeUp?: () => void }) {
  render(
    <I18nProvider initial={inEnglish(appMessages)}>
      <ExamTimer onTimeUp={() => {}} {...props} />
    </I18nProvider>,
  );
}

describe('ExamTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down on the server’s clock, not the browser’s', () => {
    // The server is ten minutes ahead of this browser: 10:40 there is 10:30 here.
    const deadline = new Date(start + 40 * 60_000).toISOString();
    renderTimer({ deadline, offset: 10 * 60_000 });
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    act(() => void vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer').textContent).toBe('28:59');
  });

  it('announces 5 and 1 minutes left, and nothing in between', () => {
    renderTimer({ deadline: new Date(start + 5 * 60_000 + 2_000).toISOString(), offset: 0 });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(status.textContent).toBe('');
    act(() => void vi.advanceTimersByTime(1_500));
    expect(status.textContent).toBe('5 minutes left.');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(status.textContent).toBe('5 minutes left.');
    act(() => void vi.advanceTimersByTime(3 * 60_000));
    expect(status.textContent).toBe('1 minute left.');
  });

  it('says when time is up, once', () => {
    const onTimeUp = vi.fn();
    renderTimer({ deadline: new Date(start + 2_000).toISOString(), offset: 0, onTimeUp });
    expect(onTimeUp).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(2_500));
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });
});
