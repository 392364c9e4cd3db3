import type { LiveTeamEntry } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { movement } from '../podium';
import { TeamBadge, teamColour } from './teams';

/**
 * On the big screen: teams ranked by their members' average score, with each team's rise since the last question,
 * and how many members the average is over.
 */
export function TeamLeaderboard({
  entries,
  highlight,
}: {
  entries: readonly LiveTeamEntry[];
  highlight?: number | null | undefined;
}) {
  const t = useT();
  return (
    <ol
      className="live-leaderboard live-leaderboard--teams"
      aria-label={t('live.team.leaderboard')}
    >
      {entries.map((entry) => {
        const moved = movement(entry);
        return (
          <li
            key={entry.team}
            className="live-leaderboard__row"
            aria-current={entry.team === highlight ? 'true' : undefined}
            data-move={moved > 0 ? 'up' : undefined}
            data-team={teamColour(entry.team)}
          >
            <span className="live-leaderboard__rank">{entry.rank}</span>
            <span className="live-leaderboard__name">
              <TeamBadge team={entry.team} />
              <span className="live-team__counted">
                {t('live.host.teams.average', { count: entry.counted })}
              </span>
            </span>
            <span className="live-leaderboard__score">{entry.score}</span>
          </li>
        );
      })}
    </ol>
  );
}
