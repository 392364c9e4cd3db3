import { once } from 'node:events';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_LIMITS,
  liveClientMessage,
  liveMessageSenders,
  problemCatalogue,
  type LiveAck,
  type LiveClientEvents,
  type LiveServerEvents,
} from '@questa/contracts';
import { HttpProblem, sampledGauge } from '@questa/http-kit';
import type { AuthContext } from '../auth/auth.service';
import { startCatchUp, type RoomMark } from './live.catch-up';
import type { LiveActor, LiveChange, LiveService } from './live.service';

interface SocketData {
  actor: LiveActor;
  /** Messages in the current one-second window, for the per-connection rate limit. */
  window: { startedAt: number; count: number };
}
/** Between API processes: a room's scores changed; each sends its own players in it their views. */
interface ServerSideEvents {
  'room-changed': (roomId: string) => void;
}
type LiveSocket = Socket<LiveClientEvents, LiveServerEvents, ServerSideEvents, SocketData>;
type LiveServer = Server<LiveClientEvents, LiveServerEvents, ServerSideEvents, SocketData>;

const roomKey = (roomId: string) => `room:${roomId}`;
const hostKey = (roomId: string) => `host:${roomId}`;
const playersKey = (roomId: string) => `players:${roomId}`;
/** One player's connections, in every process: a device may come back to another one. */
const playerKey = (playerId: string) => `player:${playerId}`;

/** How often the host's answer count is refreshed while answers pour in. */
const ANSWER_COUNT_EVERY_MS = 250;

const refusal = (error: unknown): LiveAck => {
  if (error instanceof HttpProblem) {
    return { ok: false, code: error.code, detail: error.extras.detail ?? error.message };
  }
  return { ok: false, code: 'internal', detail: problemCatalogue.internal.title };
};

/**
 * The live channel: Socket.IO at `/api/live`, WebSocket only. Hosts are known by their session
 * cookie, players by the token their device got when joining. Every message is one `message`
 * event, checked for size, rate and shape, and answered with an acknowledgement; what changes
 * reaches the room as `room` (everyone), `you` (one player) and `host` (the host's console).
 */
export function createLiveChannel(options: {
  server: HttpServer;
  path: string;
  publicOrigin: string;
  live: LiveService;
  resolveSession: (cookieHeader: string | undefined) => Promise<AuthContext | undefined>;
  log: FastifyBaseLogger;
  /**
   * With Redis, a room spans API processes: messages reach players connected to any of them
   * through a Redis stream (Socket.IO's Redis Streams adapter). Without it, fan-out is in process.
   */
  redis?: { url: string; streamName?: string };
  /** Where rooms stand in the database: with it, connections that missed a view catch up. */
  roomMarks?: (roomIds: readonly string[]) => Promise<RoomMark[]>;
}) {
  const { live, log } = options;
  const io: LiveServer = new Server(options.server, {
    path: options.path,
    transports: ['websocket'],
    serveClient: false,
    // A larger frame closes the connection before it is parsed.
    maxHttpBufferSize: LIVE_LIMITS.messageMaxBytes,
    // Only Questa's own pages may open the channel: it carries the session cookie.
    allowRequest: (request, callback) =>
      callback(null, request.headers.origin === options.publicOrigin),
    pingInterval: 10_000,
    pingTimeout: 10_000,
  });

  // What this process carries: its own connections and the rooms they are in (a room spanning
  // processes counts in each), read when Prometheus scrapes.
  const stopSampling = sampledGauge({
    name: 'questa_live_channel',
    help: 'Live channel of the process: open connections, and rooms with a player connected here.',
    labelNames: ['measure'],
  }).addSource(() => {
    let rooms = 0;
    for (const name of io.of('/').adapter.rooms.keys())
      if (name.startsWith(playersKey(''))) rooms += 1;
    return [
      [{ measure: 'connections' }, io.engine.clientsCount],
      [{ measure: 'rooms' }, rooms],
    ];
  });

  const redis = options.redis
    ? new Redis(options.redis.url, { lazyConnect: false, connectTimeout: 5000 })
    : undefined;
  const adapterClients = redis && watchAdapterClients(redis, log);
  if (redis) {
    redis.on('error', (error: unknown) =>
      log.warn({ err: error }, 'live channel: Redis unavailable'),
    );
    notePublishFailures(redis, log);
    io.adapter(createAdapter(redis, { streamName: options.redis?.streamName ?? 'questa:live' }));
    io.on('room-changed', (roomId) => {
      refreshLocalPlayers(roomId).catch((error: unknown) =>
        log.warn({ err: error, roomId }, 'live update not sent'),
      );
    });
  }

  // Redis only speeds fan-out up: each process catches its own connections up from the database.
  const catchUp = options.roomMarks
    ? startCatchUp({
        live,
        marks: options.roomMarks,
        sockets: () => io.of('/').sockets.values(),
        sendHost: (roomId, socket) => sendHost(roomId, socket),
        log,
      })
    : undefined;
  if (catchUp) io.on('connection', catchUp.watch);

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as {
        roomId?: unknown;
        playerToken?: unknown;
        host?: unknown;
      };
      if (typeof auth.roomId !== 'string')
        throw new HttpProblem('validation.failed', { detail: 'roomId is missing.' });
      if (auth.host === true) {
        const session = await options.resolveSession(socket.handshake.headers.cookie);
        if (!session) throw new HttpProblem('auth.required', { detail: 'Sign in to host.' });
        await live.ownRoom(session.user, auth.roomId);
        socket.data.actor = { role: 'host', roomId: auth.roomId, user: session.user };
      } else {
        if (typeof auth.playerToken !== 'string') {
          throw new HttpProblem('auth.required', { detail: 'Join the room first.' });
        }
        const player = await live.playerOf(auth.roomId, auth.playerToken);
        if (!player)
          throw new HttpProblem('live.room_not_found', {
            detail: 'You are not in this room (any more).',
          });
        socket.data.actor = { role: 'player', roomId: auth.roomId, player };
      }
      socket.data.window = { startedAt: Date.now(), count: 0 };
      next();
    } catch (error) {
      const refused = refusal(error);
      next(Object.assign(new Error(refused.ok ? 'refused' : refused.detail), { data: refused }));
    }
  });

  io.on('connection', (socket: LiveSocket) => {
    const { actor } = socket.data;
    void socket.join(roomKey(actor.roomId));
    if (actor.role === 'host') {
      void socket.join(hostKey(actor.roomId));
      void sendHost(actor.roomId, socket);
    } else {
      void socket.join(playersKey(actor.roomId));
      void socket.join(playerKey(actor.player.id));
      void live.setConnected(actor.player.id, actor.roomId, true);
      void sendPlayer(actor.roomId, socket);
    }

    socket.on('message', (raw: unknown, ack: unknown) => {
      const reply = typeof ack === 'function' ? (ack as (result: LiveAck) => void) : () => {};
      void handle(socket, raw).then(reply, (error: unknown) => {
        if (!(error instanceof HttpProblem)) log.error({ err: error }, 'live message failed');
        reply(refusal(error));
      });
    });

    socket.on('disconnect', () => {
      if (actor.role !== 'player') return;
      // Away, not gone: the same token brings the player back with everything they had. Only
      // this process's own connections are asked about: the database settles whether another
      // process holds one of the player's, which a dead process could not have answered.
      void (async () => {
        const stillHere = io.of('/').adapter.rooms.get(playerKey(actor.player.id))?.size ?? 0;
        if (stillHere === 0) await live.setConnected(actor.player.id, actor.roomId, false);
      })().catch((error: unknown) => log.warn({ err: error }, 'live disconnect not recorded'));
    });
  });

  async function handle(socket: LiveSocket, raw: unknown): Promise<LiveAck> {
    const { actor, window } = socket.data;
    const now = Date.now();
    if (now - window.startedAt >= 1000) {
      window.startedAt = now;
      window.count = 0;
    }
    if (++window.count > LIVE_LIMITS.messagesPerSecond) {
      throw new HttpProblem('rate_limited', { detail: 'Too many messages: slow down.' });
    }
    const parsed = liveClientMessage.safeParse(raw);
    if (!parsed.success) {
      // A message of a known type names what is wrong with it, field by field; anything else is
      // told only that it is unknown.
      const type = (raw as { type?: unknown } | null)?.type;
      const known = typeof type === 'string' && Object.hasOwn(liveMessageSenders, type);
      const errors = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      throw new HttpProblem('validation.failed', {
        detail: known
          ? `This ${type} message is not valid: ${errors.map((e) => `${e.field || 'message'} ${e.message}`).join('; ')}.`
          : 'This message is not one Questa knows.',
      });
    }
    const message = parsed.data;
    // Each message names who may send it (`liveMessageSenders`); anyone else is refused here.
    const sender = liveMessageSenders[message.type];
    if (message.type === 'answer' && actor.role === 'player') {
      // The player the connection proved at its start; whether the host has removed them since
      // is checked by the statement that stores the answer. The acknowledgement is all the player
      // needs now: their points come with everyone's when the question closes.
      const { receivedAt } = await live.answer(actor.player, message.position, message.answer);
      return { ok: true, receivedAt };
    }
    if (message.type === 'answer' || sender !== 'host' || actor.role !== 'host') {
      throw new HttpProblem('auth.forbidden', {
        detail: sender === 'player' ? 'Only players answer.' : 'Only the host runs the room.',
      });
    }
    await live.hostCommand(actor.user, actor.roomId, message);
    return { ok: true };
  }

  async function sendHost(roomId: string, to?: LiveSocket) {
    const views = await live.consoleViews(roomId);
    if (!views) return;
    const target = to ?? io.to(hostKey(roomId));
    target.emit('room', views.room);
    target.emit('host', views.host);
  }

  async function sendPlayer(roomId: string, socket: LiveSocket) {
    const { actor } = socket.data;
    if (actor.role !== 'player') return;
    const [view, you] = await Promise.all([
      live.roomView(roomId),
      live.playerView(roomId, actor.player.id),
    ]);
    if (view) socket.emit('room', view);
    if (you) {
      socket.emit('you', you);
      if (you.kicked) socket.disconnect(true);
    }
  }

  /**
   * Sends the room to everyone in it, in every process (the adapter carries one message to all),
   * and the host their console. When scores changed, each player also gets their own view: this
   * process sends its own players theirs, and tells the others to do the same.
   */
  async function publishRoom(roomId: string, scores: boolean) {
    await publishRoomView(roomId);
    if (!scores) return;
    if (redis) io.serverSideEmit('room-changed', roomId);
    await refreshLocalPlayers(roomId);
  }

  async function refreshLocalPlayers(roomId: string) {
    const sockets = await io.in(playersKey(roomId)).local.fetchSockets();
    const byPlayer = new Map<string, typeof sockets>();
    for (const socket of sockets) {
      const actor = socket.data.actor;
      if (actor?.role !== 'player') continue;
      byPlayer.set(actor.player.id, [...(byPlayer.get(actor.player.id) ?? []), socket]);
    }
    const views = await live.playerViews(roomId, [...byPlayer.keys()]);
    for (const you of views) {
      for (const socket of byPlayer.get(you.playerId) ?? []) {
        socket.emit('you', you);
        if (you.kicked) socket.disconnect(true);
      }
    }
  }

  // Changes are coalesced per room: a burst of joins or answers sends one update, not hundreds.
  // What a change needs sent: answers and connections only the host's console; players arriving
  // or leaving the room view and the host's list; a new state the room view; new scores every
  // player's own view too.
  const reach: Record<LiveChange, number> = {
    answers: 1,
    presence: 1,
    players: 2,
    room: 3,
    scores: 4,
  };
  const pending = new Map<string, { reach: number; timer: ReturnType<typeof setTimeout> }>();
  function changed(roomId: string, what: LiveChange) {
    const entry = pending.get(roomId);
    if (entry) {
      entry.reach = Math.max(entry.reach, reach[what]);
      return;
    }
    const delay = reach[what] >= reach.room ? 0 : ANSWER_COUNT_EVERY_MS;
    const next = {
      reach: reach[what],
      timer: setTimeout(() => {
        pending.delete(roomId);
        const work =
          next.reach >= reach.room
            ? publishRoom(roomId, next.reach === reach.scores)
            : next.reach === reach.players
              ? publishRoomView(roomId)
              : sendHost(roomId);
        work.catch((error: unknown) => log.warn({ err: error, roomId }, 'live update not sent'));
      }, delay),
    };
    pending.set(roomId, next);
  }

  async function publishRoomView(roomId: string) {
    const views = await live.consoleViews(roomId);
    if (!views) return;
    io.to(playersKey(roomId)).emit('room', views.room);
    const host = io.to(hostKey(roomId));
    host.emit('room', views.room);
    host.emit('host', views.host);
  }

  return {
    io,
    changed,
    /** The players connected to this process, once each. */
    *heldPlayers() {
      const seen = new Set<string>();
      for (const socket of io.of('/').sockets.values()) {
        const actor = socket.data.actor;
        if (actor?.role !== 'player' || seen.has(actor.player.id)) continue;
        seen.add(actor.player.id);
        yield { playerId: actor.player.id, roomId: actor.roomId };
      }
    },
    /** Sends these rooms' hosts their consoles now, wherever they are connected. */
    async sendHosts(roomIds: readonly string[]) {
      await Promise.all(roomIds.map((roomId) => sendHost(roomId)));
    },
    /**
     * Ends every connection so that its client reconnects elsewhere; the HTTP server itself is
     * the web framework's to close.
     */
    async close() {
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
      catchUp?.stop();
      stopSampling();
      // The transports close, not the sockets: a client told "disconnected by the server" stays
      // away, while one whose connection dropped reconnects by itself, through the balancer to a
      // process still running, and finds its room there (Redis carries rooms across processes).
      io.engine.close();
      if (redis) {
        // The adapter first: it says goodbye to the other processes and stops its heartbeat; then
        // the client goes, once what it still sends is answered, and the clients the adapter
        // opened, which it would leave to end by themselves.
        await io.of('/').adapter.close();
        await redis.quit().catch(() => redis.disconnect());
        await adapterClients?.end();
      }
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;

/**
 * The adapter sends what goes between processes (server-side events, socket queries) by PUBLISH
 * without awaiting it. While Redis is away the command waits for it; once ioredis gives up on it,
 * about a minute later, its rejection would be unhandled, and that ends a Node process: a Redis
 * outage would take every API process down. The catch-up repairs what such a message would have
 * done, so a failed one is only noted.
 */
function notePublishFailures(redis: Redis, log: FastifyBaseLogger) {
  const publish = redis.publish.bind(redis) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(redis, {
    publish: (...args: unknown[]) => {
      const sent = publish(...args);
      sent.catch((error: unknown) => log.debug({ err: error }, 'live channel: publish failed'));
      return sent;
    },
  });
}

interface AdapterClients {
  /** Closes every client the adapter opened; resolves once their connections are gone. */
  end(): Promise<void>;
}

/**
 * The adapter opens clients of its own from the one it is given (its stream reader and its
 * subscriber) and leaves them to themselves. Its subscriber subscribes once, at start, without
 * awaiting it: with Redis away the command waits, and fails when ioredis gives up on it (about a
 * minute on) or when the channel closes first, a rejection nobody handles, which ends a Node
 * process. Its reader stops only once a read comes back, so with Redis away it goes on
 * reconnecting for a minute after the channel has closed. Here a failed subscription is noted and
 * made again once Redis answers (ioredis renews only the subscriptions it made), and closing the
 * channel ends every client the adapter opened.
 */
function watchAdapterClients(redis: Redis, log: FastifyBaseLogger): AdapterClients {
  const opened: Redis[] = [];
  const duplicate = redis.duplicate.bind(redis);
  Object.assign(redis, {
    duplicate: (...args: Parameters<Redis['duplicate']>) => {
      const client = duplicate(...args);
      opened.push(client);
      const subscribe = client.subscribe.bind(client) as (...args: unknown[]) => Promise<unknown>;
      const subscribeAgainOnFailure = (...args: unknown[]) => {
        const sent = subscribe(...args);
        sent.catch((error: unknown) => {
          // Ended: the channel is closing, and nothing is left to hear.
          if (client.status === 'end') return;
          log.warn(
            { err: error },
            'live channel: not subscribed to the other API processes; trying again when Redis answers',
          );
          client.once('ready', () => void subscribeAgainOnFailure(...args));
        });
        return sent;
      };
      Object.assign(client, { subscribe: subscribeAgainOnFailure });
      return client;
    },
  });
  return {
    async end() {
      await Promise.all(
        opened.map(async (client) => {
          // A client with a socket open or opening says `end` once it has closed; one waiting to
          // reconnect just stops waiting.
          const closing = ['connecting', 'connect', 'ready'].includes(client.status)
            ? once(client, 'end')
            : undefined;
          client.disconnect();
          await closing;
        }),
      );
    },
  };
}
