import type { FastifyBaseLogger } from 'fastify';
import type { LiveConnectionsRepository } from './live-connections.repository';

/**
 * This process's heartbeat for the live channel (decision 0041). Every `everyMs` it says it is
 * alive and gives up processes not heard from for `lapseMs`, ending the connections they held,
 * so the players of a process that died count as connected only once they come back somewhere.
 * Every process sweeps; the sweeps are idempotent, so it does not matter which one gets there.
 */
export async function startLiveHeartbeat(options: {
  connections: Pick<LiveConnectionsRepository, 'heartbeat' | 'sweep' | 'leave'>;
  processId: string;
  everyMs: number;
  lapseMs: number;
  /** The players connected here: recorded again if this process was given up while stalled. */
  held: () => Iterable<{ playerId: string; roomId: string }>;
  recordConnected: (playerId: string, roomId: string) => Promise<void>;
  /** Rooms whose connected players changed: their hosts are told. */
  changed: (roomIds: readonly string[]) => void;
  log: FastifyBaseLogger;
}) {
  const { connections, processId } = options;
  async function beat() {
    if (await connections.heartbeat(processId)) {
      await Promise.all(
        [...options.held()].map(({ playerId, roomId }) =>
          options.recordConnected(playerId, roomId),
        ),
      );
    }
    options.changed(await connections.sweep(options.lapseMs));
  }

  // The first beat is awaited, so this process is on record before it takes a connection: a
  // sweep elsewhere would otherwise take its first connections for a dead process's.
  await beat();
  let beating: Promise<void> | undefined;
  const timer = setInterval(() => {
    beating ??= beat()
      .catch((error: unknown) => options.log.warn({ err: error }, 'live heartbeat failed'))
      .finally(() => {
        beating = undefined;
      });
  }, options.everyMs);
  timer.unref();

  return {
    /**
     * Stops the heartbeat and ends this process's connections at once, for a process stopping
     * on purpose; answers the rooms whose connected players changed.
     */
    async stop(): Promise<string[]> {
      clearInterval(timer);
      await beating;
      return connections.leave(processId);
    },
  };
}
