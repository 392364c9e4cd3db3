import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_REDIS_URL, redisAnswers } from '@questa/http-kit/testing';
import { io as connect, type Socket } from 'socket.io-client';
import type { LivePlayerView, LiveRoomView } from '@questa/contracts';
import { createLiveChannel, type LiveChannel } from './live.channel';
import type { LiveService } from './live.service';

const REDIS_URL = MACHINE_REDIS_URL;
const ORIGIN = 'http://questa.test';

const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp)
  console.warn(`No Redis at ${REDIS_URL}: the cross-process live channel test is skipped.`);

/**
 * The room's state as the live service would report it. The service itself is tested against a
 * real database and real clients (apps/gateway/src/live-rooms.test.ts); here only the channel's
 * fan-out between processes is under test, so the service's answers are fixed.
 */
function roomsOf(version: { value: number }) {
  const view = (): LiveRoomView => ({
    id: 'room-1',
    code: '123456',
    bankTitle: 'Rivers',
    state: 'lobby',
    settings: {
      timerSeconds: 20,
      scoring: 'speed',
      streakBonus: true,
      showQuestionOnDevices: true,
      maxPlayers: 2000,
      nicknames: 'typed',
    },
    position: version.value,
    questionCount: 5,
    question: null,
    deadline: null,
    serverNow: new Date().toISOString(),
    paused: false,
    answered: 0,
    playerCount: 1,
    reveal: null,
    leaderboard: null,
  });
  const you = (playerId: string): LivePlayerView => ({
    playerId,
    nickname: 'Kim',
    score: version.value * 100,
    streak: 0,
    rank: 1,
    answeredPosition: 0,
    extraMs: 0,
    lastResult: null,
    kicked: false,
  });
  return {
    roomView: async () => view(),
    playerViews: async (_roomId: string, ids: readonly string[]) => ids.map(you),
    playerView: async (_roomId: string, id: string) => you(id),
    consoleViews: async () => ({
      room: view(),
      host: { players: 1, connected: 1, latest: [] },
    }),
    playerOf: async (roomId: string, token: string) =>
      token === 'kim-token'
        ? {
            id: '00000000-0000-4000-8000-000000000001',
            roomId,
            nickname: 'Kim',
            userId: null,
            score: 0,
            streak: 0,
            extraTimePercent: 0,
            kicked: false,
            banned: false,
            connected: true,
          }
        : undefined,
    setConnected: async () => {},
  } as unknown as LiveService;
}

describe.skipIf(!redisUp)('the live channel across API processes', () => {
  const version = { value: 1 };
  const servers: Server[] = [];
  const channels: LiveChannel[] = [];
  const clients: Socket[] = [];
  const streamName = `questa:live:test:${randomBytes(4).toString('hex')}`;
  const silent = { warn: () => {}, error: () => {} } as never;

  async function process() {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const channel = createLiveChannel({
      server,
      path: '/api/live',
      publicOrigin: ORIGIN,
      live: roomsOf(version),
      resolveSession: async () => undefined,
      log: silent,
      redis: { url: REDIS_URL, streamName },
    });
    channels.push(channel);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, channel };
  }

  beforeAll(async () => {
    await process();
    await process();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    for (const channel of channels) await channel.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    const redis = new Redis(REDIS_URL);
    await redis.del(streamName);
    redis.disconnect();
  });

  it('brings a change made in one process to a player connected to another', async () => {
    const [a, b] = [
      channels[0]!,
      { url: `http://127.0.0.1:${(servers[1]!.address() as AddressInfo).port}` },
    ];
    const client = connect(b.url, {
      path: '/api/live',
      transports: ['websocket'],
      auth: { roomId: 'room-1', playerToken: 'kim-token' },
      extraHeaders: { origin: ORIGIN },
      reconnection: false,
    });
    clients.push(client);
    const rooms: LiveRoomView[] = [];
    const yous: LivePlayerView[] = [];
    client.on('room', (view: LiveRoomView) => rooms.push(view));
    client.on('you', (view: LivePlayerView) => yous.push(view));
    await expect.poll(() => yous.length, { timeout: 15_000 }).toBeGreaterThan(0);

    // Scores change in the other process: its broadcast and the player's own view arrive here.
    version.value = 2;
    a.changed('room-1', 'scores');
    await expect.poll(() => rooms.at(-1)?.position, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => yous.at(-1)?.score, { timeout: 15_000 }).toBe(200);
  });

  it('refuses a connection from another site', async () => {
    const client = connect(`http://127.0.0.1:${(servers[0]!.address() as AddressInfo).port}`, {
      path: '/api/live',
      transports: ['websocket'],
      auth: { roomId: 'room-1', playerToken: 'kim-token' },
      extraHeaders: { origin: 'https://elsewhere.example' },
      reconnection: false,
    });
    clients.push(client);
    await new Promise((resolve) => client.on('connect_error', resolve));
    expect(client.connected).toBe(false);
  });
});

describe('a live channel whose Redis never answers', () => {
  // Vitest reports a rejection nobody handled as an error of the run, so this test has nothing
  // more to assert than that it closes.
  it('closes without a rejection nobody handles', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const channel = createLiveChannel({
      server,
      path: '/api/live',
      publicOrigin: ORIGIN,
      live: roomsOf({ value: 1 }),
      resolveSession: async () => undefined,
      log: { warn: () => {}, error: () => {}, debug: () => {} } as never,
      // Nothing listens on port 1: every connection to it is refused.
      redis: { url: 'redis://127.0.0.1:1', streamName: 'questa:live:never' },
    });
    // Closed as it starts, while the adapter's subscriber is still connecting: the subscription
    // it asked for, waiting for Redis, fails then.
    await channel.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
