import { liveTeamColours } from '@questa/contracts/rules/live';
import type { LiveLeaderEntry, LiveTeamEntry } from '@questa/contracts';
import { useT } from '../../../lib/i18n';
import { movement } from '../podium';

/** A team's colour by its number: team 1 is red (`liveTeamColours`). */
export const teamColour = (team: number) => liveTeamColours[team - 1] ?? liveTeamColours[0];

/** A team's name in the reader's language, from its colour: never a colour alone. */
export function useTeamName() {
  const t = useT();
  return (team: number) => t(`live.team.${teamColour(team)}`);
}

/** A team's colour swatch and name. */
export function TeamBadge({ team, className }: { team: number; className?: string }) {
  const name = useTeamName();
  return (
    <span className={`live-team ${className ?? ''}`} data-team={teamColour(team)}>
      <span className="live-team__swatch" aria-hidden="true" />
      <span className="live-team__name">{name(team)}</span>
    </span>
  );
}

/**
 * Teams ranked by their members' average score, with each team's rise since the last question,
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
                {t('live.team.average', { count: entry.counted })}
              </span>
            </span>
            <span className="live-leaderboard__score">{entry.score}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** The teams as podium entries: the podium stands teams on its steps as it stands players. */
export function useTeamPodiumEntries(entries: readonly LiveTeamEntry[]): LiveLeaderEntry[] {
  const name = useTeamName();
  return entries.map((entry) => ({
    playerId: `team-${entry.team}`,
    nickname: name(entry.team),
    score: entry.score,
    rank: entry.rank,
  }));
}
