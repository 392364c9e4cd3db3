import type { LiveLeaderEntry, LiveRoomView } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { movement, podiumSteps } from '../podium';
import { Shape } from './shapes';

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

/** Up, down or level since the previous question, in words for screen readers. */
function Movement({ entry }: { entry: LiveLeaderEntry }) {
  const t = useT();
  if (entry.previousRank === undefined) return <span className="live-move" />;
  const moved = movement(entry);
  const direction = moved > 0 ? 'up' : moved < 0 ? 'down' : 'same';
  return (
    <span className="live-move" data-move={direction}>
      <span aria-hidden="true">{moved > 0 ? `▲ ${moved}` : moved < 0 ? `▼ ${-moved}` : '–'}</span>
      <span className="visually-hidden">
        {moved > 0
          ? t('live.movedUp', { count: moved })
          : moved < 0
            ? t('live.movedDown', { count: -moved })
            : t('live.movedNot')}
      </span>
    </span>
  );
}

export function Leaderboard({
  entries,
  highlight,
}: {
  entries: readonly LiveLeaderEntry[];
  highlight?: string | undefined;
}) {
  const t = useT();
  const moves = entries.some((entry) => entry.previousRank !== undefined);
  return (
    <ol className="live-leaderboard" aria-label={t('live.leaderboard')} data-moves={moves}>
      {entries.map((entry) => (
        <li
          key={entry.playerId}
          className="live-leaderboard__row"
          aria-current={entry.playerId === highlight ? 'true' : undefined}
          data-move={movement(entry) > 0 ? 'up' : undefined}
        >
          <span className="live-leaderboard__rank">{entry.rank}</span>
          <span className="live-leaderboard__name">{entry.nickname}</span>
          {moves && <Movement entry={entry} />}
          <span className="live-leaderboard__score">{entry.score}</span>
        </li>
      ))}
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
