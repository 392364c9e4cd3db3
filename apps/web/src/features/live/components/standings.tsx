import type { LiveLeaderEntry, LiveRoomView } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { Shape } from './shapes';

/** How a closed question was answered: one bar per answer, the right ones marked in words too. */
export function Distribution({ reveal }: { reveal: NonNullable<LiveRoomView['reveal']> }) {
  const t = useT();
  const total = reveal.distribution.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <ol className="live-distribution" aria-label={t('live.distribution')}>
      {reveal.distribution.map((entry, index) => {
        const share = total === 0 ? 0 : entry.count / total;
        return (
          <li
            key={entry.key}
            className="live-distribution__row"
            data-correct={entry.correct}
            data-shape={index}
          >
            <span className="live-distribution__label">
              <Shape index={index} size={22} />
              {entry.label}
              {entry.correct && <span className="live-badge">{t('live.correctAnswer')}</span>}
            </span>
            <span className="live-distribution__bar" aria-hidden="true">
              <span style={{ width: `${Math.round(share * 100)}%` }} />
            </span>
            <span className="live-distribution__count">{entry.count}</span>
          </li>
        );
      })}
    </ol>
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
  return (
    <ol className="live-leaderboard" aria-label={t('live.leaderboard')}>
      {entries.map((entry) => (
        <li
          key={entry.playerId}
          className="live-leaderboard__row"
          aria-current={entry.playerId === highlight ? 'true' : undefined}
        >
          <span className="live-leaderboard__rank">{entry.rank}</span>
          <span className="live-leaderboard__name">{entry.nickname}</span>
          <span className="live-leaderboard__score">{entry.score}</span>
        </li>
      ))}
    </ol>
  );
}

/** The top three on steps, second and third either side of the winner. */
export function Podium({ entries }: { entries: readonly LiveLeaderEntry[] }) {
  const t = useT();
  const [first, second, third] = entries;
  const steps = [
    { entry: second, place: 2 },
    { entry: first, place: 1 },
    { entry: third, place: 3 },
  ];
  return (
    <ol className="live-podium" aria-label={t('live.podium')}>
      {steps.map(({ entry, place }) =>
        entry ? (
          <li key={place} className={`live-podium__step live-podium__step--${place}`}>
            <span className="live-podium__name">{entry.nickname}</span>
            <span className="live-podium__score">{t('live.points', { points: entry.score })}</span>
            <span className="live-podium__place" aria-label={t('live.place', { place })}>
              {place}
            </span>
          </li>
        ) : null,
      )}
    </ol>
  );
}
