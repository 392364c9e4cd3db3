import { io, type Socket } from 'socket.io-client';
import type { LiveAck, LiveJoined, LiveRoomSummary, LiveRoomView } from '@questa/contracts';
import { signInOverHttp } from '@questa/gateway/testing';

/** The demo accounts' password, which the bench signs in with. */
export const BENCH_PASSWORD = 'practice-makes-perfect';

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function inBatches<T>(
  count: number,
  size: number,
  work: (index: number) => Promise<T>,
) {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(size, count - start) }, (_, i) => work(start + i)),
    );
    results.push(...batch);
  }
  return results;
}

/** Polls `check` until it holds, or fails naming `what` after two minutes. */
export async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A Socket.IO connection as a browser on the page at `origin` opens it, WebSocket only. */
export function connectSocket(
  url: string,
  options: { path: string; origin: string; auth: Record<string, unknown>; cookie?: string },
) {
  return io(url, {
    path: options.path,
    transports: ['websocket'],
    auth: options.auth,
    extraHeaders: { origin: options.origin, ...(options.cookie && { cookie: options.cookie }) },
    reconnection: false,
    timeout: 120_000,
  });
}

export const sendMessage = (socket: Socket, message: unknown) =>
  socket.timeout(60_000).emitWithAck('message', message) as Promise<LiveAck>;

export interface BenchRoom {
  room: LiveRoomSummary;
  host: Socket;
  /** More consoles of the same host (a laptop and the projector), when asked for. */
  consoles: Socket[];
  /** Every room view the host's console received. */
  hostViews: LiveRoomView[];
  players: { socket: Socket; joined: LiveJoined }[];
  close(): void;
}

/**
 * A live room on a running Questa with `players` real Socket.IO clients in it: the demo author
 * opens it (signing in over HTTP at `hostUrl`), players join over HTTP and connect to the API
 * processes in `playerUrls` in turn. `origin` is the public origin every process expects.
 */
export async function openBenchRoom(options: {
  hostUrl: string;
  /** Where the host's console connects, when not at `hostUrl` (one API process of several). */
  hostSocketUrl?: string;
  playerUrls: readonly string[];
  origin: string;
  players: number;
  questions: number;
  timerSeconds: number;
  /** Host connections to open besides the first; each has its own message rate limit. */
  extraConsoles?: number;
}): Promise<BenchRoom> {
  const sockets: Socket[] = [];
  const close = () => {
    for (const socket of sockets) socket.disconnect();
  };
  try {
    const cookie = await signInOverHttp(options.hostUrl, 'author@questa.test', BENCH_PASSWORD);
    const post = async (base: string, path: string, body: unknown, withCookie?: string) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-questa-request': '1',
          origin: options.origin,
          ...(withCookie && { cookie: withCookie }),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    const catalog = (await (await fetch(`${options.hostUrl}/api/catalog/banks`)).json()) as {
      banks: { id: string; title: string }[];
    };
    const bankId = catalog.banks.find((bank) => bank.title === 'World Geography')!.id;
    const room = (await post(
      options.hostUrl,
      '/api/rooms',
      {
        bankId,
        questions: { mode: 'draw', count: options.questions },
        settings: { timerSeconds: options.timerSeconds },
      },
      cookie,
    )) as LiveRoomSummary;

    const urlOf = (i: number) => options.playerUrls[i % options.playerUrls.length]!;
    const joined = await inBatches(
      options.players,
      50,
      (i) =>
        post(urlOf(i), '/api/rooms/join', {
          code: room.code,
          nickname: `Player ${i + 1}`,
        }) as Promise<LiveJoined>,
    );
    const open = (url: string, auth: Record<string, unknown>, withCookie?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(url, {
          path: '/api/live',
          origin: options.origin,
          auth,
          cookie: withCookie,
        });
        sockets.push(socket);
        socket.once('you', () => resolve(socket));
        socket.once('host', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const consoleUrl = options.hostSocketUrl ?? options.hostUrl;
    const host = await open(consoleUrl, { roomId: room.id, host: true }, cookie);
    const consoles = await inBatches(options.extraConsoles ?? 0, 10, () =>
      open(consoleUrl, { roomId: room.id, host: true }, cookie),
    );
    const hostViews: LiveRoomView[] = [];
    host.on('room', (view: LiveRoomView) => hostViews.push(view));
    const players = await inBatches(joined.length, 100, async (i) => ({
      joined: joined[i]!,
      socket: await open(urlOf(i), { roomId: room.id, playerToken: joined[i]!.playerToken }),
    }));
    return { room, host, consoles, hostViews, players, close };
  } catch (error) {
    close();
    throw error;
  }
}
