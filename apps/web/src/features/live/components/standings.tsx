import type { LiveLeaderEntry } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { movement } from '../podium';

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
  label,
}: {
  entries: readonly LiveLeaderEntry[];
  highlight?: string | undefined;
  /** What the list is named for screen readers: the leaderboard's name unless said. */
  label?: string;
}) {
  const t = useT();
  const moves = entries.some((entry) => entry.previousRank !== undefined);
  return (
    <ol className="live-leaderboard" aria-label={label ?? t('live.leaderboard')} data-moves={moves}>
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
