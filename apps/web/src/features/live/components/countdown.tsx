import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { remainingMs } from '../use-live-channel';

/** Seconds left on the open question, by the server's deadline and the measured clock offset. */
export function Countdown({
  deadline,
  offsetMs,
  extraMs = 0,
  paused,
  large = false,
}: {
  deadline: string | null;
  offsetMs: number;
  extraMs?: number;
  paused: boolean;
  large?: boolean;
}) {
  const t = useT();
  const [left, setLeft] = useState(() => remainingMs(deadline, offsetMs, extraMs));
  useEffect(() => {
    if (paused) return;
    const tick = () => setLeft(remainingMs(deadline, offsetMs, extraMs));
    tick();
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }, [deadline, offsetMs, extraMs, paused]);
  const seconds = Math.ceil(left / 1000);
  return (
    <div className={large ? 'live-countdown live-countdown--large' : 'live-countdown'}>
      <span className="visually-hidden">{t('live.timeLeft')}</span>
      <span role="timer" aria-live="off">
        {paused ? t('live.paused') : seconds}
      </span>
    </div>
  );
}
