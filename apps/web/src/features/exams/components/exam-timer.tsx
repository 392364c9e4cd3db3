import { useEffect, useEffectEvent, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { formatCountdown, reachedMark, remainingMs } from '../exam-clock';
import { ClockIcon } from '../../../components/ui/icons';

/**
 * The time left on the server's clock, as mm:ss. The visible clock is not a live region (a screen
 * reader would read it every second); a separate one says when 5 and 1 minutes are left.
 */
export function ExamTimer({
  deadline,
  offset,
  onTimeUp,
}: {
  deadline: string;
  offset: number;
  onTimeUp: () => void;
}) {
  const t = useT();
  const [now, setNow] = useState(Date.now);
  const [startMs] = useState(() => remainingMs(deadline, offset, Date.now()));
  const remaining = remainingMs(deadline, offset, now);
  const mark = reachedMark(startMs, remaining);

  useEffect(() => {
    // Half a second keeps the display within a blink of the real second without a drift.
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const timeUp = useEffectEvent(onTimeUp);
  const over = remaining === 0;
  useEffect(() => {
    if (over) timeUp();
  }, [over]);

  const low = remaining <= 5 * 60_000;
  return (
    <div className="exam-timer" data-low={low || undefined}>
      <ClockIcon />
      <span className="visually-hidden">{t('exams.timer.label')}</span>
      <span role="timer" className="exam-timer__time">
        {formatCountdown(remaining)}
      </span>
      <span className="visually-hidden" role="status">
        {mark !== null && t('exams.timer.minutesLeft', { count: mark })}
      </span>
    </div>
  );
}
