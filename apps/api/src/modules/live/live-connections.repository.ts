import { sql, type RawBuilder } from '@questa/db';
import { table } from '../../db/json';
import type { ApiDb } from '../../db/tables';

/** A player's connection in one process coming (`connected`) or going. */
export interface ConnectionChange {
  playerId: string;
  connected: boolean;
}

const uuidList = (ids: readonly string[]) =>
  sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/**
 * Which API process holds which player's connections, and each process's heartbeat. A player is
 * connected while any process holds a connection of theirs: `live_players.connected` is kept
 * equal to that after every change here, so the room's counts read one column.
 */
export function createLiveConnectionsRepository(db: ApiDb) {
  /**
   * Runs `change` for `playerIds` and then sets their `connected` from the connections left,
   * answering the rooms of the players whose flag changed. Two processes changing one player's
   * connections at once take turns on a lock of the player's (taken in one order, so they cannot
   * deadlock), so the second sees the first's connections: without it, a player leaving one
   * process while coming back through another could end up flagged away. Advisory locks, not row
   * locks: the scoring statements that update the same rows never wait for them.
   */
  async function settle(
    playerIds: readonly string[],
    change: (trx: ApiDb) => Promise<unknown>,
  ): Promise<string[]> {
    if (playerIds.length === 0) return [];
    return db.transaction().execute(async (trx) => {
      await sql`
        select pg_advisory_xact_lock(key)
        from (select distinct hashtextextended(id::text, 41) as key from ${uuidList(playerIds)} as l(id)) as keys
        order by key`.execute(trx);
      await change(trx);
      const { rows } = await sql<{ roomId: string }>`
        update ${table('live_players')} as p
        set connected = now_connected.value,
          disconnected_at = case when now_connected.value then null else now() end
        from (
          select q.id, not q.kicked and exists (
            select 1 from ${table('live_connections')} as c where c.player_id = q.id
          ) as value
          from ${table('live_players')} as q
          where q.id in ${uuidList(playerIds)}
        ) as now_connected
        where p.id = now_connected.id and p.connected <> now_connected.value
        returning p.room_id as "roomId"`.execute(trx);
      return [...new Set(rows.map((row) => row.roomId))];
    });
  }

  const removeWhere = (trx: ApiDb, condition: RawBuilder<unknown>) =>
    sql`delete from ${table('live_connections')} as c where ${condition}`.execute(trx);

  return {
    /**
     * Records that `processId` is alive now. True when it was not on record: new, or given up
     * for lapsed while it was stalled, and then the connections it holds must be recorded again.
     */
    async heartbeat(processId: string): Promise<boolean> {
      const { rows } = await sql<{ inserted: boolean }>`
        insert into ${table('live_processes')} as p (id) values (${processId})
        on conflict (id) do update set seen_at = now()
        returning (xmax = 0) as inserted`.execute(db);
      return rows[0]?.inserted === true;
    },

    /**
     * Connections in `processId` coming and going, in one transaction; the last change of a
     * player wins. Answers the rooms whose connected players changed.
     */
    async record(processId: string, changes: readonly ConnectionChange[]): Promise<string[]> {
      const last = new Map(changes.map((change) => [change.playerId, change.connected]));
      const values = JSON.stringify([...last].map(([id, connected]) => ({ id, connected })));
      return settle([...last.keys()], async (trx) => {
        await sql`
          insert into ${table('live_connections')} (player_id, process_id)
          select v.id, ${processId}::uuid
          from jsonb_to_recordset(${values}::jsonb) as v(id uuid, connected boolean)
          join ${table('live_players')} as p on p.id = v.id
          where v.connected
          on conflict do nothing`.execute(trx);
        await removeWhere(
          trx,
          sql`c.process_id = ${processId}::uuid and c.player_id in (
            select v.id from jsonb_to_recordset(${values}::jsonb) as v(id uuid, connected boolean)
            where not v.connected)`,
        );
      });
    },

    /**
     * A process stopping on purpose: its connections end now rather than when its heartbeat
     * lapses. Answers the rooms whose connected players changed.
     */
    async leave(processId: string): Promise<string[]> {
      await sql`delete from ${table('live_processes')} where id = ${processId}::uuid`.execute(db);
      const { rows } = await sql<{ playerId: string }>`
        select player_id as "playerId" from ${table('live_connections')}
        where process_id = ${processId}::uuid`.execute(db);
      return settle(
        rows.map((row) => row.playerId),
        (trx) => removeWhere(trx, sql`c.process_id = ${processId}::uuid`),
      );
    },

    /**
     * Gives up processes not seen for `lapseMs` (by the database's clock, so no process's own
     * clock matters) and ends the connections of processes no longer on record; players flagged
     * connected without any connection are corrected too. Answers the rooms whose connected
     * players changed.
     */
    async sweep(lapseMs: number): Promise<string[]> {
      await sql`
        delete from ${table('live_processes')}
        where seen_at < now() - make_interval(secs => ${lapseMs / 1000})`.execute(db);
      const { rows } = await sql<{ playerId: string }>`
        select c.player_id as "playerId" from ${table('live_connections')} as c
        where not exists (select 1 from ${table('live_processes')} as p where p.id = c.process_id)
        union
        select q.id from ${table('live_players')} as q
        where q.connected
          and not exists (select 1 from ${table('live_connections')} as c where c.player_id = q.id)`.execute(
        db,
      );
      return settle(
        rows.map((row) => row.playerId),
        (trx) =>
          removeWhere(
            trx,
            sql`c.player_id in ${uuidList(rows.map((row) => row.playerId))}
              and not exists (select 1 from ${table('live_processes')} as p where p.id = c.process_id)`,
          ),
      );
    },
  };
}

export type LiveConnectionsRepository = ReturnType<typeof createLiveConnectionsRepository>;
