import type { LiveRoomView } from '@questa/contracts';
import { useEffect, useRef, useState } from 'react';
import { cueFor, cueNotes, STEP_MS, stepNotes, type Note } from './host-sound-score';
import { remainingMs } from './use-live-channel';

const MUTED_KEY = 'questa.live.hostMuted';
/** Quiet enough to talk over. */
const MASTER_VOLUME = 0.18;

function readMuted() {
  try {
    return localStorage.getItem(MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

function play(audio: AudioContext, notes: readonly Note[]) {
  const start = audio.currentTime;
  for (const note of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = note.wave;
    oscillator.frequency.value = note.frequency;
    // A quick rise and an exponential fall: no clicks at either end.
    const from = start + note.at;
    const peak = note.volume * MASTER_VOLUME;
    gain.gain.setValueAtTime(0.0001, from);
    gain.gain.exponentialRampToValueAtTime(peak, from + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, from + note.length);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(from);
    oscillator.stop(from + note.length + 0.02);
  }
}

/**
 * The big screen's sound (see `host-sound-score.ts`): a tune with ticks while a question runs, a
 * cue when it opens and closes, and a fanfare for the podium. The host mutes it with M or the
 * button, and the choice is kept on the device. Browsers start sound only after a click or a key,
 * which every host gives before the first question.
 */
export function useHostSound(room: LiveRoomView | undefined, offsetMs: number) {
  const [muted, setMuted] = useState(readMuted);
  const audio = useRef<AudioContext | undefined>(undefined);
  const seen = useRef<{ state: string; position: number } | undefined>(undefined);

  useEffect(() => {
    if (muted || typeof AudioContext === 'undefined') return;
    const wake = () => {
      audio.current ??= new AudioContext();
      void audio.current.resume();
    };
    window.addEventListener('pointerdown', wake);
    window.addEventListener('keydown', wake);
    return () => {
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
    };
  }, [muted]);

  const state = room?.state;
  const position = room?.position ?? 0;
  useEffect(() => {
    if (!state) return;
    const cue = cueFor(seen.current, { state, position });
    seen.current = { state, position };
    if (cue && !muted && audio.current) play(audio.current, cueNotes(cue));
  }, [state, position, muted]);

  const running = state === 'question_open' && room?.paused === false;
  const deadline = room?.deadline ?? null;
  useEffect(() => {
    if (!running || muted) return;
    let step = 0;
    const timer = setInterval(() => {
      if (audio.current) play(audio.current, stepNotes(step++, remainingMs(deadline, offsetMs)));
    }, STEP_MS);
    return () => clearInterval(timer);
  }, [running, muted, deadline, offsetMs]);

  return {
    muted,
    toggle: () =>
      setMuted((was) => {
        try {
          localStorage.setItem(MUTED_KEY, String(!was));
        } catch {
          // Without storage the choice lasts until the page is reloaded.
        }
        return !was;
      }),
  };
}
