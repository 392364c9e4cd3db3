import { io, type Socket } from 'socket.io-client';
import type {
  LiveAck,
  LiveHostView,
  LiveJoined,
  LivePlayerView,
  LiveRoomState,
  LiveRoomSummary,
  LiveRoomView,
} from '@questa/contracts';

export interface LiveClient {
  socket: Socket;
  /** Everything the connection has received, oldest first. */
  seen: { room: LiveRoomView[]; you: LivePlayerView[]; host: LiveHostView[] };
  /** Sends one message and resolves with its acknowledgement (rejects after 20 s without one). */
  send(message: unknown): Promise<LiveAck>;
  /** The latest room view received in `state` (and at `position`, if given). */
  lastRoom(state: LiveRoomState, position?: number): LiveRoomView | undefined;
  /** The latest view of the player themselves that carries the result of `position`. */
  resultOf(position: number): LivePlayerView | undefined;
}

/**
 * A live connection as a browser on Questa's pages opens it (WebSocket only, the page's origin,
 * the session cookie for a host), to `url`: the public origin, or one API process on purpose.
 * Unless told to `reconnect` as the pages do, it never reconnects by itself, so a test decides
 * where a player comes back.
 */
export function connectLive(
  url: string,
  options: { origin: string; auth: Record<string, unknown>; cookie?: string; reconnect?: boolean },
): LiveClient {
  const socket = io(url, {
    path: '/api/live',
    transports: ['websocket'],
    auth: options.auth,
    extraHeaders: { origin: options.origin, ...(options.cookie && { cookie: options.cookie }) },
    reconnection: options.reconnect ?? false,
    reconnectionDelay: 200,
  });
  const seen: LiveClient['seen'] = { room: [], you: [], host: [] };
  socket.on('room', (view: LiveRoomView) => seen.room.push(view));
  socket.on('you', (view: LivePlayerView) => seen.you.push(view));
  socket.on('host', (view: LiveHostView) => seen.host.push(view));
  return {
    socket,
    seen,
    send: (message) => socket.timeout(20_000).emitWithAck('message', message) as Promise<LiveAck>,
    lastRoom: (state, position) =>
      seen.room.findLast(
        (view) => view.state === state && (position === undefined || view.position === position),
      ),
    resultOf: (position) => seen.you.findLast((view) => view.lastResult?.position === position),
  };
}

/**
 * Resolves with what `read` returns (or resolves to) once that is something, checking every 50 ms; fails
 * naming `what` after `timeoutMs`, which is a busy machine's worst case, not an expected time.
 * `what` may be a function, so a failure can say what the test saw at the moment it gave up.
 */
export async function until<T>(
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string | (() => string),
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) {
      const described = typeof what === 'string' ? what : what();
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${described}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Calls Questa's HTTP API at `url` as its web client does: JSON, and on anything that changes
 * state the page's `Origin` and the request header the CSRF check wants.
 */
export function questaHttp(url: string, origin = url) {
  return async <T = Record<string, unknown>>(
    cookie: string | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T & { code?: string } }> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(cookie && { cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-questa-request': '1', origin }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const json = text && response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: (json ? JSON.parse(text) : text) as T & { code?: string },
    };
  };
}

export type QuestaCall = ReturnType<typeof questaHttp>;

/**
 * Opening rooms as a host and joining them as players, over HTTP as the host's and the players'
 * pages do; each fails the test with the server's answer when it is refused.
 */
export function liveRoomsOver(call: QuestaCall, hostCookie: string) {
  const expectStatus = <T>(answer: { status: number; body: T }, status: number) => {
    if (answer.status !== status) {
      throw new Error(`Expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  };
  return {
    async open(room: {
      bankId: string;
      count: number;
      timerSeconds: number;
      topic?: string;
      difficulty?: number;
    }) {
      const { bankId, timerSeconds, ...draw } = room;
      const opened = await call<LiveRoomSummary>(hostCookie, 'POST', '/api/rooms', {
        bankId,
        questions: { mode: 'draw', ...draw },
        settings: { timerSeconds },
      });
      return expectStatus(opened, 201);
    },
    async join(room: LiveRoomSummary, nickname: string) {
      const joined = await call<LiveJoined>(undefined, 'POST', '/api/rooms/join', {
        code: room.code,
        nickname,
      });
      return expectStatus(joined, 201);
    },
  };
}
