/*
 * The host's sound, as notes: a countdown tune, ticks over the last seconds and short cues when a
 * question opens, closes and the podium appears. All of it is Questa's own, synthesised in the
 * browser with the Web Audio API (`use-host-sound.ts`); no recording is shipped, so there is no
 * third party's licence to keep.
 */

export interface Note {
  /** Hertz. */
  frequency: number;
  /** Seconds after now. */
  at: number;
  /** Seconds. */
  length: number;
  /** 0–1, before the master volume. */
  volume: number;
  wave: OscillatorType;
}

/** Half a second per step: the tune's eight steps are a walking bass in A minor. */
export const STEP_MS = 500;
const bass = [110, 164.81, 130.81, 164.81, 98, 146.83, 123.47, 146.83];

/**
 * What plays at one step of an open question with `leftMs` to go: the tune, and over the last
 * five seconds a tick on each whole second, higher for the last one. Nothing once time is up.
 */
export function stepNotes(step: number, leftMs: number): Note[] {
  if (leftMs <= 0) return [];
  const notes: Note[] = [
    { frequency: bass[step % bass.length]!, at: 0, length: 0.35, volume: 0.35, wave: 'triangle' },
  ];
  const secondsLeft = Math.ceil(leftMs / 1000);
  const onTheSecond = leftMs % 1000 >= 1000 - STEP_MS;
  if (secondsLeft <= 5 && onTheSecond) {
    notes.push({
      frequency: secondsLeft === 1 ? 1760 : 1320,
      at: 0,
      length: 0.07,
      volume: 0.5,
      wave: 'square',
    });
  }
  return notes;
}

export type Cue = 'open' | 'close' | 'podium';

const chord = (frequencies: number[], at: number, length: number, wave: OscillatorType): Note[] =>
  frequencies.map((frequency) => ({ frequency, at, length, volume: 0.3, wave }));

/** The short cue for a moment of the game. */
export function cueNotes(cue: Cue): Note[] {
  switch (cue) {
    case 'open':
      return [...chord([440], 0, 0.12, 'sine'), ...chord([660], 0.12, 0.2, 'sine')];
    case 'close':
      return chord([523.25, 659.25, 783.99], 0, 0.6, 'sine');
    case 'podium':
      return [
        ...chord([523.25], 0, 0.15, 'triangle'),
        ...chord([659.25], 0.15, 0.15, 'triangle'),
        ...chord([783.99], 0.3, 0.15, 'triangle'),
        ...chord([523.25, 659.25, 783.99, 1046.5], 0.45, 0.9, 'triangle'),
      ];
  }
}

/** Which cue a change of the room's state and position calls for, if any. */
export function cueFor(
  before: { state: string; position: number } | undefined,
  now: { state: string; position: number },
): Cue | undefined {
  if (!before || (before.state === now.state && before.position === now.position)) return undefined;
  if (now.state === 'question_open') return 'open';
  if (now.state === 'question_closed') return 'close';
  if (now.state === 'finished' && before.state !== 'lobby') return 'podium';
  return undefined;
}
