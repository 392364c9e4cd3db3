import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_LIMITS, type LiveAck } from '@questa/contracts';
import {
  connectLive,
  liveRoomsOver,
  questaHttp,
  signInOverHttp,
  someLiveAnswer,
  startQuesta,
  until,
  type LiveClient,
  type QuestaCall,
  type RunningServer,
} from './testing';

const PASSWORD = 'practice-makes-perfect';

/**
 * The live channel against what a careless or hostile client does, and against a host whose
 * connection drops: one real Questa process on its embedded database, as `npm start` runs it
 * (so not an `.int` test), with real Socket.IO clients. Each case has a room of its own.
 */
describe('live rooms against misuse', () => {
  let server: RunningServer;
  let call: QuestaCall;
  let host: string;
  let bankId: string;
  const clients: LiveClient[] = [];

  async function connect(auth: Record<string, unknown>, cookie?: string) {
    const client = connectLive(server.url, { origin: server.url, auth, cookie });
    clients.push(client);
    await until(() => client.seen.you.length > 0 || client.seen.host.length > 0, 'the first view');
    return client;
  }

  /** A room in the lobby with the host's console and two players, Ada and Bo, connected. */
  async function roomWithTwoPlayers() {
    const rooms = liveRoomsOver(call, host);
    const room = await rooms.open({ bankId, count: 2, timerSeconds: 120 });
    const [ada, bo] = [await rooms.join(room, 'Ada'), await rooms.join(room, 'Bo')];
    return {
      room,
      joined: { ada, bo },
      hostConsole: await connect({ roomId: room.id, host: true }, host),
      players: {
        ada: await connect({ roomId: room.id, playerToken: ada.playerToken }),
        bo: await connect({ roomId: room.id, playerToken: bo.playerToken }),
      },
    };
  }

  beforeAll(async () => {
    server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
    call = questaHttp(server.url);
    host = await signInOverHttp(server.url, 'author@questa.test', PASSWORD);
    const catalog = await call<{ banks: { id: string; title: string }[] }>(
      undefined,
      'GET',
      '/api/catalog/banks',
    );
    bankId = catalog.body.banks.find((bank) => bank.title === 'World Geography')!.id;
  }, 200_000);

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await server?.stop();
  }, 60_000);

  it('answers a flood from one connection with rate_limited, and keeps serving everyone else', async () => {
    const { hostConsole, players } = await roomWithTwoPlayers();
    const { ada, bo } = players;

    // Two hundred messages at once. A fixed one-second window may straddle the burst: at most
    // two windows' worth get through to be checked (and refused: players do not run the room).
    const flood = await Promise.all(
      Array.from({ length: 200 }, () => ada.send({ type: 'host.next' })),
    );
    const codes = flood.map((ack) => (ack.ok ? 'ok' : ack.code));
    expect(codes.filter((code) => code === 'rate_limited').length).toBeGreaterThanOrEqual(
      200 - 2 * LIVE_LIMITS.messagesPerSecond,
    );
    expect(codes.every((code) => code === 'rate_limited' || code === 'auth.forbidden')).toBe(true);

    // The limit is the flooder's own: another player and the host are heard at once.
    expect(await bo.send({ type: 'host.next' })).toMatchObject({
      ok: false,
      code: 'auth.forbidden',
    });
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await until(() => bo.lastRoom('question_open', 1), 'question 1 on Bo’s phone');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // The flooder stays connected and is heard again once a new window begins.
    expect(ada.socket.connected).toBe(true);
    const answered = await until(async () => {
      const ack = await ada.send({
        type: 'answer',
        position: 1,
        answer: someLiveAnswer(open.question!),
      });
      return ack.ok ? ack : ack.code === 'rate_limited' ? undefined : ack;
    }, 'Ada’s answer after the flood');
    expect(answered).toMatchObject({ ok: true });
  }, 60_000);

  it('closes a connection that sends an oversized message, and only that one', async () => {
    const { room, joined, hostConsole, players } = await roomWithTwoPlayers();
    const { ada, bo } = players;
    let reason = '';
    ada.socket.on('disconnect', (why: string) => (reason = why));

    ada.socket.emit('message', {
      type: 'answer',
      position: 1,
      answer: { type: 'short_text', text: 'x'.repeat(LIVE_LIMITS.messageMaxBytes) },
    });
    await until(
      () => !ada.socket.connected && reason,
      'the oversized message’s connection to close',
    );
    expect(reason).toBe('transport close');

    // Everyone else is untouched, and Ada may come back: she was cut off, not removed.
    expect(bo.socket.connected).toBe(true);
    expect(hostConsole.socket.connected).toBe(true);
    expect(await bo.send({ type: 'host.next' })).toMatchObject({
      ok: false,
      code: 'auth.forbidden',
    });
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const back = await connect({ roomId: room.id, playerToken: joined.ada.playerToken });
    expect(back.seen.you.at(-1)).toMatchObject({ nickname: 'Ada', kicked: false });
  }, 60_000);

  it('gives a host whose connection drops mid-question the room, the console and the answer count on return', async () => {
    const { room, hostConsole, players } = await roomWithTwoPlayers();
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await until(
      () => players.ada.lastRoom('question_open', 1),
      'question 1 on Ada’s phone',
    );

    hostConsole.socket.disconnect();
    const answer = someLiveAnswer(open.question!);
    expect(await players.ada.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: true,
    });

    // Back with the same cookie: the question is still open, one of two has answered.
    const back = await connect({ roomId: room.id, host: true }, host);
    const view = await until(() => back.lastRoom('question_open', 1), 'the open question');
    expect(view.answered).toBe(1);
    expect(back.seen.host.at(-1)).toMatchObject({ players: 2, connected: 2 });
    // And the console runs the room again.
    expect(await back.send({ type: 'host.close' })).toEqual({ ok: true });
    await until(() => players.bo.lastRoom('question_closed', 1), 'question 1 closed on Bo’s phone');
  }, 60_000);

  it('refuses an answer a player sends for someone else, and a player who claims to host', async () => {
    const { room, joined, hostConsole, players } = await roomWithTwoPlayers();
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await until(
      () => players.ada.lastRoom('question_open', 1),
      'question 1 on Ada’s phone',
    );
    const answer = someLiveAnswer(open.question!);

    // An answer names no player: the connection's own is the only one it can be for.
    const forBo: LiveAck = await players.ada.send({
      type: 'answer',
      position: 1,
      answer,
      playerId: joined.bo.playerId,
    });
    expect(forBo).toMatchObject({ ok: false, code: 'validation.failed' });
    // Nothing was stored for either of them: both still answer once.
    expect(await players.bo.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: true,
    });
    expect(await players.ada.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: true,
    });
    const closed = await until(
      () => hostConsole.lastRoom('question_closed', 1),
      'question 1 closed once both answered',
    );
    expect(closed.reveal!.distribution.reduce((sum, bar) => sum + bar.count, 0)).toBe(2);

    // A player's device asking to be the host, without the host's session, is turned away.
    const impostor = connectLive(server.url, {
      origin: server.url,
      auth: { roomId: room.id, host: true, playerToken: 'whatever' },
    });
    clients.push(impostor);
    const refused = await new Promise<Error>((resolve) =>
      impostor.socket.once('connect_error', resolve),
    );
    expect(refused.message).toMatch(/Sign in to host/);
  }, 60_000);
});
