import { describe, expect, it } from 'vitest';
import { createAnswerWindows } from './live-answer-windows';

const openedAt = '2026-12-01T10:00:00.000Z';
const at = (ms: number) => Date.parse(openedAt) + ms;
const room = (position: number, changes: { pausedRemainingMs?: number | null } = {}) => ({
  id: 'room',
  state: 'question_open' as const,
  position,
  openedAt,
  pausedRemainingMs: null,
  ...changes,
});

describe('answer windows', () => {
  it("takes a player's first timely answer to the question opened here, and nothing else", () => {
    const windows = createAnswerWindows();
    expect(windows.take('room', 1, 'ada', at(100), 10_000)).toBeUndefined();
    windows.opened(room(1));
    expect(windows.take('room', 1, 'ada', at(100), 10_000)).toBe(at(0));
    // A second answer, another question, or past the limit: the database decides.
    expect(windows.take('room', 1, 'ada', at(200), 10_000)).toBeUndefined();
    expect(windows.take('room', 2, 'ben', at(200), 10_000)).toBeUndefined();
    expect(windows.take('room', 1, 'ben', at(10_001), 10_000)).toBeUndefined();
    expect(windows.take('room', 1, 'ben', at(10_000), 10_000)).toBe(at(0));
  });

  it('stops taking answers once the question pauses, and keeps who answered for its resume', () => {
    const windows = createAnswerWindows();
    windows.opened(room(1));
    windows.take('room', 1, 'ada', at(100), 10_000);
    windows.pause('room');
    expect(windows.take('room', 1, 'ben', at(200), 10_000)).toBeUndefined();
    windows.opened(room(1, { pausedRemainingMs: 5000 }));
    expect(windows.take('room', 1, 'ben', at(200), 10_000)).toBeUndefined();
    windows.opened(room(1));
    expect(windows.take('room', 1, 'ada', at(300), 10_000)).toBeUndefined();
    expect(windows.take('room', 1, 'ben', at(300), 10_000)).toBe(at(0));
  });

  it('is shut by the close of its own question only', () => {
    const windows = createAnswerWindows();
    windows.opened(room(2));
    windows.shut('room', 1);
    expect(windows.take('room', 2, 'ada', at(100), 10_000)).toBe(at(0));
    windows.shut('room', 2);
    expect(windows.take('room', 2, 'ben', at(100), 10_000)).toBeUndefined();
  });
});
