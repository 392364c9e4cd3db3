import type { LiveTeamNames, LiveTeamSetup } from '@questa/contracts';
import { sql } from '@questa/db';
import { jsonb, table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/**
 * The statements behind a room's teams. Each change is one statement that also checks the room is
 * still in its lobby, so a change racing the game's start either lands before it or not at all.
 */
export function createLiveTeamsRepository(db: ApiDb) {
  /** Every player still in the room dealt out at random, round the teams: sizes differ by one at most. */
  const deal = (roomId: string, count: number) => sql`
    update ${table('live_players')} as p
    set team = dealt.team
    from (
      select id, ((row_number() over (order by random()) - 1) % ${count}::int + 1)::smallint as team
      from ${table('live_players')}
      where room_id = ${roomId} and not kicked
    ) as dealt
    where p.id = dealt.id`;

  return {
    /**
     * Sets how the room plays in teams while it is in the lobby; with `dealAgain` (teams switched
     * on, or a new number of them) every player is dealt out afresh, and with no teams every
     * player leaves theirs. False when the room has left the lobby.
     */
    async setup(
      roomId: string,
      teams: (LiveTeamSetup & { names?: LiveTeamNames }) | null,
      dealAgain: boolean,
    ) {
      const players =
        teams === null
          ? sql`update ${table('live_players')} set team = null where room_id = ${roomId}`
          : dealAgain
            ? deal(roomId, teams.count)
            : undefined;
      const { rows } = await sql<{ rooms: number }>`
        with room as (
          update ${table('live_rooms')}
          set teams = ${teams === null ? null : jsonb(teams)}, teams_revision = teams_revision + 1
          where id = ${roomId} and state = 'lobby'
          returning id
        )${players ? sql`, players as (${players} and exists (select 1 from room) returning 1)` : sql``}
        select count(*)::int as rooms from room`.execute(db);
      return Number(rows[0]?.rooms ?? 0) > 0;
    },

    /** Deals the players out again, while the room is in its lobby and plays in `count` teams. */
    async shuffle(roomId: string, count: number) {
      await sql`
        with room as (
          update ${table('live_rooms')} set teams_revision = teams_revision + 1
          where id = ${roomId} and state = 'lobby' and (teams->>'count')::int = ${count}
          returning id
        )
        ${deal(roomId, count)} and exists (select 1 from room)`.execute(db);
    },

    /**
     * Moves a player of the room to `team`, while the room is in its lobby and has that team. False
     * when nothing moved: no such player in the room (or removed), or the room changed meanwhile.
     */
    async move(roomId: string, playerId: string, team: number) {
      const { rows } = await sql<{ moved: number }>`
        with player as (
          select p.id from ${table('live_players')} as p
          join ${table('live_rooms')} as r on r.id = p.room_id
          where p.id = ${playerId} and p.room_id = ${roomId} and not p.kicked
            and r.state = 'lobby' and (r.teams->>'count')::int >= ${team}
        ), room as (
          update ${table('live_rooms')} set teams_revision = teams_revision + 1
          where id = ${roomId} and exists (select 1 from player)
        ), moved as (
          update ${table('live_players')} set team = ${team}
          where id in (select id from player)
          returning 1
        )
        select count(*)::int as moved from moved`.execute(db);
      return Number(rows[0]?.moved ?? 0) > 0;
    },

    /**
     * Names a team of the room (null: back to its colour's name) while the room is in its lobby
     * and has that team. False when the room changed meanwhile.
     */
    async rename(roomId: string, team: number, name: string | null) {
      const key = String(team);
      const names = sql`coalesce(teams->'names', '{}'::jsonb)`;
      const { rows } = await sql<{ id: string }>`
        update ${table('live_rooms')}
        set teams = jsonb_set(teams, '{names}', ${
          name === null
            ? sql`${names} - ${key}::text`
            : sql`${names} || jsonb_build_object(${key}::text, ${name}::text)`
        }), teams_revision = teams_revision + 1
        where id = ${roomId} and state = 'lobby' and (teams->>'count')::int >= ${team}
        returning id`.execute(db);
      return rows.length > 0;
    },

    /** How many players each of the room's `count` teams has, team 1 first. */
    async sizes(roomId: string, count: number) {
      const rows = await db
        .selectFrom('live_players')
        .select(['team', sql<number>`count(*)::int`.as('players')])
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .where('team', 'is not', null)
        .groupBy('team')
        .execute();
      const sizes = Array.from({ length: count }, () => 0);
      for (const row of rows) {
        if (row.team !== null && row.team <= count) sizes[row.team - 1] = Number(row.players);
      }
      return sizes;
    },

    /** The room's players with their teams, in the order they joined, for the host's console. */
    roster: (roomId: string, limit: number) =>
      db
        .selectFrom('live_players')
        .select(['id as playerId', 'nickname', 'connected', 'team'])
        .where('room_id', '=', roomId)
        .where('kicked', '=', false)
        .orderBy('joined_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** What the teams' standings need of each player: team, score and how many answers given. */
    async members(roomId: string) {
      const rows = await db
        .selectFrom('live_players as p')
        .select((eb) => [
          'p.id as playerId',
          'p.team',
          'p.score',
          eb
            .selectFrom('live_answers as a')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('a.room_id', '=', 'p.room_id')
            .whereRef('a.player_id', '=', 'p.id')
            .as('answered'),
        ])
        .where('p.room_id', '=', roomId)
        .where('p.kicked', '=', false)
        .where('p.team', 'is not', null)
        .execute();
      return rows.map((row) => ({ ...row, answered: Number(row.answered ?? 0) }));
    },
  };
}

export type LiveTeamsRepository = ReturnType<typeof createLiveTeamsRepository>;
