import { liveTeamColours } from '@questa/contracts/rules/live';
import type { LiveLeaderEntry, LiveTeamEntry } from '@questa/contracts';
import { useContext } from 'react';
import { useT } from '../../../lib/i18n';
import { TeamNames } from './team-names';

/** A team's colour by its number: team 1 is red (`liveTeamColours`). */
export const teamColour = (team: number) => liveTeamColours[team - 1] ?? liveTeamColours[0];

/**
 * A team's name: the one the host gave it, or else its colour's in the reader's language; the
 * badge shows the colour beside it either way.
 */
export function useTeamName() {
  const t = useT();
  const names = useContext(TeamNames);
  return (team: number) => names?.[String(team)] ?? t(`live.team.${teamColour(team)}`);
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
 * The teams as leaderboard entries, named by colour: the podium stands teams on its steps as it
 * stands players, and a phone lists them as it lists players.
 */
export function useTeamEntries(entries: readonly LiveTeamEntry[]): LiveLeaderEntry[] {
  const name = useTeamName();
  return entries.map((entry) => ({
    playerId: `team-${entry.team}`,
    nickname: name(entry.team),
    score: entry.score,
    rank: entry.rank,
  }));
}
