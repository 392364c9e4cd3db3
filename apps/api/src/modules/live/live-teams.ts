import { LIVE_TEAMS, type LiveClientMessage, type LiveTeamEntry } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { teamStandings, teamStandingsWithMovement } from '@questa/scoring';
import type { LiveTeamsRepository } from './live-teams.repository';
import type { RoomRow } from './live.repository';
import type { LiveChange } from './live.service';

export type LiveTeamsMessage = Extract<
  LiveClientMessage,
  { type: 'host.teams' | 'host.teams.shuffle' | 'host.teams.move' | 'host.teams.rename' }
>;

/**
 * Team mode: the host makes the teams in the lobby (dealt at random or moved one player at a
 * time, and named if they like), and they stay as they are once the game starts, so a team's average is over the same
 * people throughout. Newcomers join the smallest team (`addPlayer`); players coming back keep
 * theirs, which is on their own row. The talk time before answers open is kept with the teams and
 * applied when a question opens (`live-questions.ts`).
 */
export function createLiveTeams(deps: {
  teams: LiveTeamsRepository;
  changed: (roomId: string, what: LiveChange) => void;
}) {
  const { teams } = deps;
  const fixed = () =>
    new HttpProblem('live.teams_fixed', {
      detail: 'Teams are made in the lobby: once the game has started they stay as they are.',
    });
  const off = () =>
    new HttpProblem('live.teams_off', {
      detail: 'This room does not play in teams: switch teams on first.',
    });

  const noSuchTeam = (count: number) =>
    new HttpProblem('validation.failed', {
      detail: `This room has ${count} teams.`,
      errors: [{ field: 'team', message: `must be 1 to ${count}` }],
    });

  async function command(room: RoomRow, message: LiveTeamsMessage): Promise<void> {
    if (room.state !== 'lobby') throw fixed();
    switch (message.type) {
      case 'host.teams': {
        const next = message.teams;
        const dealAgain = next !== null && next.count !== room.teams?.count;
        // Names stay with the teams that are still there.
        const names = Object.fromEntries(
          Object.entries(room.teams?.names ?? {}).filter(
            ([team]) => next !== null && Number(team) <= next.count,
          ),
        );
        const setup = next && Object.keys(names).length > 0 ? { ...next, names } : next;
        if (!(await teams.setup(room.id, setup, dealAgain))) throw fixed();
        break;
      }
      case 'host.teams.shuffle':
        if (!room.teams) throw off();
        await teams.shuffle(room.id, room.teams.count);
        break;
      case 'host.teams.move':
        if (!room.teams) throw off();
        if (message.team > room.teams.count) throw noSuchTeam(room.teams.count);
        if (!(await teams.move(room.id, message.playerId, message.team))) {
          throw new HttpProblem('not_found', { detail: 'There is no such player in this room.' });
        }
        break;
      case 'host.teams.rename':
        if (!room.teams) throw off();
        if (message.team > room.teams.count) throw noSuchTeam(room.teams.count);
        if (!(await teams.rename(room.id, message.team, message.name))) throw fixed();
        break;
    }
    // Every player's own view shows their team.
    deps.changed(room.id, 'scores');
  }

  /** The teams' sizes, for the room view of a room that plays in teams. */
  async function setupView(room: Pick<RoomRow, 'id' | 'teams'>) {
    if (!room.teams) return null;
    return { ...room.teams, sizes: await teams.sizes(room.id, room.teams.count) };
  }

  /**
   * The teams ranked, for the leaderboard and the podium; with the last question's points
   * (`last`), each team's rank before it too.
   */
  async function leaderboard(
    room: Pick<RoomRow, 'id' | 'teams'>,
    last?: readonly { playerId: string; points: number | null }[],
  ): Promise<LiveTeamEntry[] | null> {
    if (!room.teams) return null;
    const members = await teams.members(room.id);
    if (!last) return teamStandings(room.teams.count, members);
    const points = new Map(last.map((answer) => [answer.playerId, answer.points ?? 0]));
    return teamStandingsWithMovement(
      room.teams.count,
      members.map((member) => ({
        ...member,
        lastPoints: points.get(member.playerId) ?? 0,
        answeredLast: points.has(member.playerId),
      })),
    );
  }

  /** The room's players with their teams, for the host to move between teams. */
  const roster = (room: Pick<RoomRow, 'id' | 'teams'>) =>
    room.teams ? teams.roster(room.id, LIVE_TEAMS.rosterMax) : Promise.resolve(null);

  return { command, setupView, leaderboard, roster };
}

export type LiveTeams = ReturnType<typeof createLiveTeams>;
