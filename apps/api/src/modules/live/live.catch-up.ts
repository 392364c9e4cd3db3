import type { FastifyBaseLogger } from 'fastify';
import type {
  LivePlayerView,
  LiveRoomState,
  LiveRoomView,
  LiveServerEvents,
} from '@questa/contracts';
import { shownResultPosition } from './live-present';
import type { LiveActor, LiveService } from './live.service';

/** Where a room stands in the database, in the terms of its room view. */
export interface RoomMark {
  id: string;
  state: LiveRoomState;
  position: number;
  paused: boolean;
  playerCount: number;
  /** Counts the changes of the room's teams: a phone must show its team as it is. */
  teamsRevision: number;
  /** Answers to the question at `position`, counted while it is shown (open or just closed). */
  answered: number;
}

/** What the catch-up needs of a connection: who it is, what it was sent, and how to send more. */
export interface CatchUpSocket {
  data: { actor?: LiveActor };
  emit<E extends keyof LiveServerEvents>(
    event: E,
    ...args: Parameters<LiveServerEvents[E]>
  ): boolean;
  onAnyOutgoing(listener: (event: string, ...args: unknown[]) => void): unknown;
  disconnect(close?: boolean): unknown;
}

/** The last views a connection was sent, however they reached it. */
interface Seen {
  room?: LiveRoomView;
  /** The position of the last result in the player's own view; 0 for none yet. */
  result?: number;
  /**
   * The room's mark this connection was last caught up to, until another view reaches it: a
   * connection is not caught up twice to the same mark by views that left it where it was.
   */
  caughtUpTo?: string;
}

const keyOf = (mark: RoomMark) =>
  [
    mark.state,
    mark.position,
    mark.paused,
    mark.playerCount,
    mark.answered,
    mark.teamsRevision,
  ].join(':');

/**
 * Redis only speeds fan-out up; it never decides what a player ends up seeing. Messages between
 * API processes are lost when Redis restarts (its stream and pub/sub keep nothing), and a view
 * whose send failed in this process is lost too. So every `everyMs` each process compares, for
 * the rooms its own connections are in, where each room stands in the database with the last
 * views each connection was sent, and sends those that fell behind their room's views again.
 *
 * A room must have stood still for one round before anyone is caught up, so the normal sends,
 * which follow every change within milliseconds, are never doubled; and a connection is caught up
 * once per state of its room unless some other view reaches it afterwards, so views that differ
 * from the room's mark in ways the mark does not foresee cost one send, not one per round.
 */
export function startCatchUp<S extends CatchUpSocket>(options: {
  live: Pick<LiveService, 'roomView' | 'playerViews'>;
  marks: (roomIds: readonly string[]) => Promise<RoomMark[]>;
  /** This process's own connections. */
  sockets: () => Iterable<S>;
  /** Sends one host's console their room and host views, as when they connect. */
  sendHost: (roomId: string, socket: S) => Promise<unknown>;
  log: FastifyBaseLogger;
  everyMs?: number;
}) {
  const { live } = options;
  const seen = new WeakMap<S, Seen>();
  let lastMarks = new Map<string, string>();

  function watch(socket: S) {
    const mine: Seen = {};
    seen.set(socket, mine);
    socket.onAnyOutgoing((event, view) => {
      if (event === 'room') mine.room = view as LiveRoomView;
      if (event === 'you') mine.result = (view as LivePlayerView).lastResult?.position ?? 0;
      // A view from elsewhere, such as one Redis held back and delivers late, may leave the
      // connection behind again.
      mine.caughtUpTo = undefined;
    });
  }

  function behind(socket: S, mark: RoomMark) {
    const { room, result } = seen.get(socket) ?? {};
    if (
      !room ||
      room.state !== mark.state ||
      room.position !== mark.position ||
      room.paused !== mark.paused ||
      room.playerCount !== mark.playerCount ||
      (room.teamsRevision ?? 0) !== mark.teamsRevision
    ) {
      return true;
    }
    // Only the host's console follows the answer count as it rises.
    if (socket.data.actor?.role === 'host') return room.answered !== mark.answered;
    return result !== shownResultPosition(mark.state, mark.position);
  }

  async function catchUp(roomId: string, sockets: S[]) {
    const players = new Map<string, S[]>();
    for (const socket of sockets) {
      const actor = socket.data.actor;
      if (actor?.role === 'host') await options.sendHost(roomId, socket);
      if (actor?.role !== 'player') continue;
      const group = players.get(actor.player.id);
      if (group) group.push(socket);
      else players.set(actor.player.id, [socket]);
    }
    if (players.size === 0) return;
    const [view, yous] = await Promise.all([
      live.roomView(roomId),
      live.playerViews(roomId, [...players.keys()]),
    ]);
    if (!view) return;
    for (const group of players.values()) for (const socket of group) socket.emit('room', view);
    for (const you of yous) {
      for (const socket of players.get(you.playerId) ?? []) {
        socket.emit('you', you);
        if (you.kicked) socket.disconnect(true);
      }
    }
  }

  async function round() {
    const byRoom = new Map<string, S[]>();
    for (const socket of options.sockets()) {
      const roomId = socket.data.actor?.roomId;
      if (!roomId) continue;
      if (!seen.has(socket)) watch(socket);
      const inRoom = byRoom.get(roomId);
      if (inRoom) inRoom.push(socket);
      else byRoom.set(roomId, [socket]);
    }
    const marks = byRoom.size > 0 ? await options.marks([...byRoom.keys()]) : [];
    const current = new Map<string, string>();
    for (const mark of marks) {
      const key = keyOf(mark);
      current.set(mark.id, key);
      if (lastMarks.get(mark.id) !== key) continue;
      const late = (byRoom.get(mark.id) ?? []).filter(
        (socket) => seen.get(socket)?.caughtUpTo !== key && behind(socket, mark),
      );
      if (late.length === 0) continue;
      try {
        await catchUp(mark.id, late);
      } catch (error) {
        options.log.warn({ err: error, roomId: mark.id }, 'live catch-up not sent');
        continue;
      }
      for (const socket of late) {
        const mine = seen.get(socket);
        if (mine) mine.caughtUpTo = key;
      }
    }
    lastMarks = current;
  }

  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error: unknown) => options.log.warn({ err: error }, 'live catch-up failed'))
      .finally(() => {
        running = false;
      });
  }, options.everyMs ?? 1000);
  timer.unref();

  return {
    /** Follows what a new connection is sent, from its first view on. */
    watch,
    stop: () => clearInterval(timer),
  };
}
