import type { LiveLeaderEntry, LiveRoomView } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { podiumSteps } from '../podium';
import { Shape } from './shapes';

/*
 * What only the big screen shows of a closed question and of the end: kept apart from the
 * leaderboard, which phones show too, so the player's page does not load them (decision 0009).
 */

/**
 * How a closed question was answered, as a bar chart: one bar per answer with its shape, its
 * label and its count written out, the right ones marked with a tick and the word as well as
 * colour. While the host keeps the answer back, no bar is marked.
 */
export function Distribution({ reveal }: { reveal: NonNullable<LiveRoomView['reveal']> }) {
  const t = useT();
  const total = reveal.distribution.reduce((sum, entry) => sum + entry.count, 0);
  const most = Math.max(1, ...reveal.distribution.map((entry) => entry.count));
  const shown = reveal.answerShown !== false;
  return (
    <ol className="live-distribution" aria-label={t('live.distribution')} data-shown={shown}>
      {reveal.distribution.map((entry, index) => {
        const share = total === 0 ? 0 : entry.count / total;
        return (
          <li
            key={entry.key}
            className="live-distribution__row"
            data-correct={shown ? entry.correct : undefined}
            data-shape={index}
          >
            <span className="live-distribution__label">
              <Shape index={index} size={22} />
              <span>{entry.label}</span>
              {shown && entry.correct && (
                <span className="live-badge">
                  <span aria-hidden="true">✓ </span>
                  {t('live.correctAnswer')}
                </span>
              )}
            </span>
            <span className="live-distribution__bar" aria-hidden="true">
              <span style={{ width: `${Math.round((entry.count / most) * 100)}%` }} />
            </span>
            <span className="live-distribution__count">
              {entry.count}
              <span className="visually-hidden">
                {' '}
                ({t('live.share', { percent: Math.round(share * 100) })})
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The top three on steps, second and third either side of the winner. Tied players share a step,
 * marked with the rank the leaderboard and the results table give them.
 */
export function Podium({ entries }: { entries: readonly LiveLeaderEntry[] }) {
  const t = useT();
  const steps = podiumSteps(entries);
  // Read in rank order; drawn with the highest step in the middle.
  const drawnAt = { 1: 2, 2: 1, 3: 3 } as const;
  return (
    <ol className="live-podium" aria-label={t('live.podium')}>
      {steps.map((step) => (
        <li
          key={step.rank}
          className={`live-podium__step live-podium__step--${step.height}`}
          style={{ order: drawnAt[step.height] }}
        >
          <ul className="live-podium__names">
            {step.entries.map((entry) => (
              <li key={entry.playerId}>
                <span className="live-podium__name">{entry.nickname}</span>
                <span className="live-podium__score">
                  {t('live.points', { points: entry.score })}
                </span>
              </li>
            ))}
          </ul>
          <span className="live-podium__place">
            <span className="visually-hidden">{t('live.place', { place: step.rank })}</span>
            <span aria-hidden="true">{step.rank}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
