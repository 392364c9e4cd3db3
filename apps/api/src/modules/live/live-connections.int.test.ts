import { randomUUID } from 'node:crypto';
import { sql } from '@questa/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '../../db/json';
import {
  createLiveConnectionsRepository,
  type LiveConnectionsRepository,
} from './live-connections.repository';
import { createLiveStorage, type LiveStorage } from './live-storage-fixtures';

/** Who is connected when players' connections span API processes, and one of them dies. */
describe('live connections across processes', () => {
  let storage: LiveStorage;
  let connections: LiveConnectionsRepository;
  beforeAll(async () => {
    storage = await createLiveStorage();
    connections = createLiveConnectionsRepository(storage.db);
  });
  afterAll(() => storage.test.dispose());

  const connectedIn = async (roomId: string) => (await storage.live.countPlayers(roomId)).connected;
  /** A process whose heartbeat stopped a minute ago, as a killed one's does. */
  const lapse = (processId: string) =>
    sql`update ${table('live_processes')} set seen_at = now() - interval '1 minute'
        where id = ${processId}`.execute(storage.db);
  const flagOf = async (playerId: string) =>
    await storage.db
      .selectFrom('live_players')
      .select(['connected', 'disconnected_at'])
      .where('id', '=', playerId)
      .executeTakeFirstOrThrow();

  it('counts a player connected to two processes once, and ends a lapsed process’s connections', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    expect(await connections.heartbeat(a)).toBe(true);
    expect(await connections.heartbeat(b)).toBe(true);
    expect(await connections.heartbeat(a)).toBe(false);
    const { roomId, players } = await storage.roomWithPlayers(3);
    const [ada, ben, cy] = players.map((player) => player.id) as [string, string, string];

    expect(
      await connections.record(a, [
        { playerId: ada, connected: true },
        { playerId: ben, connected: true },
      ]),
    ).toEqual([roomId]);
    await connections.record(b, [{ playerId: cy, connected: true }]);
    // Ada comes back through B while A still holds her old connection: still one player.
    expect(await connections.record(b, [{ playerId: ada, connected: true }])).toEqual([]);
    expect(await connectedIn(roomId)).toBe(3);

    // A dies. Until its heartbeat lapses nothing changes; then B's sweep ends its connections.
    expect(await connections.sweep(8000)).toEqual([]);
    await lapse(a);
    expect(await connections.sweep(8000)).toEqual([roomId]);
    expect(await connectedIn(roomId)).toBe(2);
    expect((await flagOf(ben)).disconnected_at).not.toBeNull();
    expect((await flagOf(ada)).connected).toBe(true);
    // A sweep finds nothing more to do, whichever process runs it.
    expect(await connections.sweep(8000)).toEqual([]);

    // A was only stalled: its heartbeat says it must record what it holds again.
    expect(await connections.heartbeat(a)).toBe(true);

    // B stops on purpose: its players are away at once.
    expect(await connections.leave(b)).toEqual([roomId]);
    expect(await connectedIn(roomId)).toBe(0);
  });

  it('leaves a player connected who leaves one process while coming back through another', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await connections.heartbeat(a);
    await connections.heartbeat(b);
    const { roomId, players } = await storage.roomWithPlayers(40);
    await connections.record(
      a,
      players.map((player) => ({ playerId: player.id, connected: true })),
    );
    // Both processes write at once, each in its own transaction (concurrently on PostgreSQL).
    await Promise.all([
      connections.record(
        b,
        players.map((player) => ({ playerId: player.id, connected: true })),
      ),
      connections.record(
        a,
        players.map((player) => ({ playerId: player.id, connected: false })),
      ),
    ]);
    expect(await connectedIn(roomId)).toBe(40);
    await connections.record(
      b,
      players.slice(0, 10).map((player) => ({ playerId: player.id, connected: false })),
    );
    expect(await connectedIn(roomId)).toBe(30);
  });

  it('corrects a player flagged connected whom no process holds, and never counts a removed one', async () => {
    const a = randomUUID();
    await connections.heartbeat(a);
    const { roomId, players } = await storage.roomWithPlayers(2);
    const [stale, kicked] = players.map((player) => player.id) as [string, string];
    // Flagged by a process from before connections were recorded.
    await storage.live.setConnected(stale, true);
    await connections.record(a, [{ playerId: kicked, connected: true }]);
    await storage.live.kick(roomId, kicked, false);
    await connections.record(a, [{ playerId: kicked, connected: true }]);
    expect(await connections.sweep(8000)).toEqual([roomId]);
    expect(await connectedIn(roomId)).toBe(0);
    expect((await flagOf(stale)).connected).toBe(false);
  });
});
