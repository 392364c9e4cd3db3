import { describe, expect, it } from 'vitest';
import { cueFor, cueNotes, stepNotes } from './host-sound-score';

describe('the countdown tune', () => {
  it('plays the tune alone while more than five seconds are left', () => {
    const notes = stepNotes(0, 12_300);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.wave).toBe('triangle');
  });

  it('ticks once per second over the last five, higher for the last', () => {
    const ticks = (leftMs: number) => stepNotes(0, leftMs).filter((note) => note.wave === 'square');
    // Two steps a second: only the one just after a whole second ticks.
    expect(ticks(4_900)).toHaveLength(1);
    expect(ticks(4_400)).toHaveLength(0);
    expect(ticks(900)[0]!.frequency).toBeGreaterThan(ticks(2_900)[0]!.frequency);
  });

  it('is silent once time is up', () => {
    expect(stepNotes(3, 0)).toEqual([]);
  });
});

describe('cues', () => {
  it('opens, closes and crowns the game, once per change', () => {
    expect(cueFor({ state: 'lobby', position: 0 }, { state: 'question_open', position: 1 })).toBe(
      'open',
    );
    expect(
      cueFor({ state: 'question_open', position: 1 }, { state: 'question_closed', position: 1 }),
    ).toBe('close');
    expect(cueFor({ state: 'leaderboard', position: 3 }, { state: 'finished', position: 3 })).toBe(
      'podium',
    );
    expect(
      cueFor({ state: 'question_open', position: 1 }, { state: 'question_open', position: 1 }),
    ).toBeUndefined();
    // A page opened on a room already running plays nothing until something changes.
    expect(cueFor(undefined, { state: 'question_open', position: 2 })).toBeUndefined();
    // A game ended from the lobby has no podium to celebrate.
    expect(cueFor({ state: 'lobby', position: 0 }, { state: 'finished', position: 0 })).toBe(
      undefined,
    );
  });

  it('keeps every cue short', () => {
    for (const cue of ['open', 'close', 'podium'] as const) {
      const end = Math.max(...cueNotes(cue).map((note) => note.at + note.length));
      expect(end).toBeLessThanOrEqual(1.5);
    }
  });
});
