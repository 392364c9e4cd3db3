import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type {
  LiveAck,
  LiveJoined,
  LivePlayerView,
  LiveResults,
  LiveRoomSummary,
  LiveRoomView,
} from '@questa/contracts';
import { signInOverHttp, someLiveAnswer, startQuesta, type RunningServer } from './testing';

const PASSWORD = 'practice-makes-perfect';

/**
 * Live rooms as hosts and players meet them: a real Questa process (on its embedded database, as
 * `npm start` runs it; so not an `.int` test run again on PostgreSQL), HTTP for opening and
 * joining, real Socket.IO clients for the game. Timers are the shortest a host may choose (5 s).
 */
describe('live rooms', () => {
  let server: RunningServer;
  let host: string;
  let learner: string;
  let bankId: string;
  const sockets: Socket[] = [];

  const call = async (cookie: string | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(cookie && { cookie }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(method !== 'GET' && { 'x-questa-request': '1', origin: server.url }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      /** The first cookie the answer sets, as a browser would send it back. */
      cookie: response.headers.get('set-cookie')?.split(';')[0],
      body: (text && response.headers.get('content-type')?.includes('json')
        ? JSON.parse(text)
        : text) as Record<string, unknown> & { code?: string },
    };
  };

  /** A connection as a browser on Questa's pages opens it, with everything it receives kept. */
  function connect(auth: Record<string, unknown>, cookie?: string, origin = server.url) {
    const socket = io(server.url, {
      path: '/api/live',
      transports: ['websocket'],
      auth,
      extraHeaders: { origin, ...(cookie && { cookie }) },
      reconnection: false,
    });
    sockets.push(socket);
    const seen = { room: [] as LiveRoomView[], you: [] as LivePlayerView[] };
    socket.on('room', (view: LiveRoomView) => seen.room.push(view));
    socket.on('you', (view: LivePlayerView) => seen.you.push(view));
    const send = (message: unknown) =>
      socket.timeout(10_000).emitWithAck('message', message) as Promise<LiveAck>;
    return { socket, seen, send };
  }

  async function until<T>(read: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const lastRoom = (seen: { room: LiveRoomView[] }, state: string, position?: number) => () =>
    seen.room.findLast(
      (view) => view.state === state && (position === undefined || view.position === position),
    );

  beforeAll(async () => {
    server = await startQuesta({ keepDataDir: true, env: { LOG_LEVEL: 'warn' } });
    host = await signInOverHttp(server.url, 'author@questa.test', PASSWORD);
    learner = await signInOverHttp(server.url, 'learner@questa.test', PASSWORD);
    const catalog = (await call(undefined, 'GET', '/api/catalog/banks')).body as unknown as {
      banks: { id: string; title: string }[];
    };
    bankId = catalog.banks.find((bank) => bank.title === 'World Geography')!.id;
  }, 200_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.stop();
  });

  it('lets only hosts open rooms, and checks what they send', async () => {
    expect((await call(learner, 'POST', '/api/rooms', { bankId })).status).toBe(403);
    const bad = await call(host, 'POST', '/api/rooms', {
      bankId,
      settings: { timerSeconds: 4 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation.failed');
  });

  it('plays a room from the lobby to the podium, with reconnection, late and double answers', async () => {
    const opened = await call(host, 'POST', '/api/rooms', {
      bankId,
      questions: { mode: 'draw', count: 2 },
      settings: { timerSeconds: 5, nicknames: 'typed' },
    });
    expect(opened.status).toBe(201);
    const room = opened.body as unknown as LiveRoomSummary;
    expect(room.code).toMatch(/^\d{6}$/);
    expect(room.questionCount).toBe(2);

    // Joining: wrong code, a nickname not allowed, one taken.
    const wrong = await call(undefined, 'POST', '/api/rooms/join', {
      code: room.code === '000000' ? '000001' : '000000',
      nickname: 'Ada',
    });
    expect(wrong.body.code).toBe('live.room_not_found');
    const rude = await call(undefined, 'POST', '/api/rooms/join', {
      code: room.code,
      nickname: 'sh1t',
    });
    expect(rude.body.code).toBe('validation.failed');
    const tooLong = await call(undefined, 'POST', '/api/rooms/join', {
      code: room.code,
      nickname: 'x'.repeat(21),
    });
    expect(tooLong.body.code).toBe('validation.failed');

    const guest = (
      await call(undefined, 'POST', '/api/rooms/join', { code: room.code, nickname: 'Ada' })
    ).body as unknown as LiveJoined;
    expect(guest.nickname).toBe('Ada');
    const taken = await call(undefined, 'POST', '/api/rooms/join', {
      code: room.code,
      nickname: 'ada',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('live.nickname_taken');
    const signedIn = (
      await call(learner, 'POST', '/api/rooms/join', { code: room.code, nickname: 'Lena' })
    ).body as unknown as LiveJoined;

    // The channel opens only from Questa's pages, and only to someone in the room.
    const stranger = connect(
      { roomId: room.id, playerToken: guest.playerToken },
      undefined,
      'https://elsewhere.example',
    );
    await new Promise((resolve) => stranger.socket.on('connect_error', resolve));
    expect(stranger.socket.connected).toBe(false);
    const impostor = connect({ roomId: room.id, playerToken: 'not-a-token' });
    const refused = await new Promise<Error>((resolve) =>
      impostor.socket.on('connect_error', resolve),
    );
    expect(refused.message).toMatch(/not in this room/);

    const hostConsole = connect({ roomId: room.id, host: true }, host);
    const ada = connect({ roomId: room.id, playerToken: guest.playerToken });
    let lena = connect({ roomId: room.id, playerToken: signedIn.playerToken });
    await until(() => ada.seen.you.at(-1), 'Ada’s view');
    await until(() => lena.seen.you.at(-1), 'Lena’s view');
    expect(ada.seen.room.at(-1)!.state).toBe('lobby');

    // Players cannot run the room; nonsense is refused with a code; the host starts.
    expect(await ada.send({ type: 'host.start' })).toMatchObject({
      ok: false,
      code: 'auth.forbidden',
    });
    expect(await ada.send({ type: 'dance' })).toMatchObject({
      ok: false,
      code: 'validation.failed',
    });
    expect(
      await hostConsole.send({
        type: 'answer',
        position: 1,
        answer: { type: 'true_false', value: true },
      }),
    ).toMatchObject({ ok: false, code: 'auth.forbidden' });
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });

    const first = await until(lastRoom(ada.seen, 'question_open', 1), 'question 1 on Ada’s phone');
    expect(first.question).not.toBeNull();
    expect(Date.parse(first.deadline!)).toBeGreaterThan(Date.parse(first.serverNow));

    // Ada answers (once); Lena reloads mid-question and answers nothing.
    const answer = someLiveAnswer(first.question!);
    expect(await ada.send({ type: 'answer', position: 1, answer })).toMatchObject({ ok: true });
    expect(await ada.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: false,
      code: 'live.already_answered',
    });
    lena.socket.disconnect();
    lena = connect({ roomId: room.id, playerToken: signedIn.playerToken });
    const back = await until(() => lena.seen.you.at(-1), 'Lena back');
    expect(back.nickname).toBe('Lena');

    // Nobody else answers: the question closes on time all the same.
    const closed = await until(
      lastRoom(hostConsole.seen, 'question_closed', 1),
      'question 1 closed',
      30_000,
    );
    expect(closed.reveal!.distribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(1);
    // Too late for Lena, who has not answered; Ada's second answer is refused for what it is.
    expect(await lena.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: false,
      code: 'live.question_closed',
    });
    expect(await ada.send({ type: 'answer', position: 1, answer })).toMatchObject({
      ok: false,
      code: 'live.already_answered',
    });
    const adaAfter = await until(
      () => ada.seen.you.findLast((view) => view.lastResult?.position === 1),
      'Ada’s result',
    );
    const lenaAfter = await until(
      () => lena.seen.you.findLast((view) => view.lastResult?.position === 1),
      'Lena’s result',
    );
    expect(lenaAfter.score).toBe(0);
    expect(lenaAfter.streak).toBe(0);

    // Leaderboard, then question 2, which Lena answers after reconnecting again.
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const board = await until(lastRoom(lena.seen, 'leaderboard'), 'leaderboard');
    expect(board.leaderboard!.map((entry) => entry.nickname).sort()).toEqual(['Ada', 'Lena']);
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const second = await until(lastRoom(lena.seen, 'question_open', 2), 'question 2');
    expect(
      await lena.send({ type: 'answer', position: 2, answer: someLiveAnswer(second.question!) }),
    ).toMatchObject({ ok: true });
    expect(
      await ada.send({ type: 'answer', position: 2, answer: someLiveAnswer(second.question!) }),
    ).toMatchObject({ ok: true });
    // Everyone answered: it closes before its deadline, by the server's clock.
    const closedEarly = await until(
      lastRoom(hostConsole.seen, 'question_closed', 2),
      'question 2 closed',
      30_000,
    );
    expect(Date.parse(closedEarly.serverNow)).toBeLessThan(Date.parse(second.deadline!));
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const podium = await until(lastRoom(ada.seen, 'finished'), 'podium');
    expect(podium.leaderboard).toHaveLength(2);
    const adaEnd = await until(() => ada.seen.you.at(-1), 'Ada at the end');
    expect(adaEnd.score).toBeGreaterThanOrEqual(adaAfter.score);

    // Results for the host, as JSON and as CSV; nobody else may read them.
    const results = (await call(host, 'GET', `/api/rooms/${room.id}/results`))
      .body as unknown as LiveResults;
    expect(results.players.map((player) => player.nickname).sort()).toEqual(['Ada', 'Lena']);
    expect(results.questions.map((question) => question.answered)).toEqual([1, 2]);
    const csv = await call(host, 'GET', `/api/rooms/${room.id}/results.csv`);
    expect(csv.body).toMatch(/"rank","nickname","score"/);
    expect((await call(learner, 'GET', `/api/rooms/${room.id}/results`)).status).toBe(403);
  }, 120_000);

  it('loses no stored answer when the server is killed mid-question: the question closes after the restart', async () => {
    const room = (
      await call(host, 'POST', '/api/rooms', {
        bankId,
        questions: { mode: 'draw', count: 2 },
        settings: { timerSeconds: 5 },
      })
    ).body as unknown as LiveRoomSummary;
    const guest = (
      await call(undefined, 'POST', '/api/rooms/join', { code: room.code, nickname: 'Kim' })
    ).body as unknown as LiveJoined;
    const hostConsole = connect({ roomId: room.id, host: true }, host);
    const kim = connect({ roomId: room.id, playerToken: guest.playerToken });
    await until(() => kim.seen.you.at(-1), 'Kim in the room');
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await until(lastRoom(kim.seen, 'question_open', 1), 'question 1');
    expect(
      await kim.send({ type: 'answer', position: 1, answer: someLiveAnswer(open.question!) }),
    ).toMatchObject({
      ok: true,
    });
    // An answer is acknowledged a moment before its batch is stored (decision 0026); the host's
    // count says it is (the question may close at once: everyone has answered).
    await until(
      () => hostConsole.seen.room.findLast((view) => view.position === 1 && view.answered === 1),
      "Kim's answer stored",
    );

    // The process dies with the question open; it comes back on the same data.
    await server.kill();
    server = await startQuesta({
      dataDir: server.dataDir,
      port: server.port,
      keepDataDir: false,
      env: { LOG_LEVEL: 'warn' },
    });
    const back = connect({ roomId: room.id, playerToken: guest.playerToken });
    const closed = await until(
      lastRoom(back.seen, 'question_closed', 1),
      'question 1 closed after the restart',
      30_000,
    );
    expect(closed.reveal!.distribution.reduce((sum, entry) => sum + entry.count, 0)).toBe(1);
    const kimBack = await until(
      () => back.seen.you.findLast((view) => view.lastResult?.position === 1),
      'Kim’s result',
    );
    expect(kimBack.nickname).toBe('Kim');
    expect(kimBack.score).toBe(kimBack.lastResult!.points);
  }, 240_000);

  it('turns the next player away once the room is full, and a signed-in player may still come back', async () => {
    const opened = await call(host, 'POST', '/api/rooms', {
      bankId,
      questions: { mode: 'draw', count: 1 },
      settings: { maxPlayers: 2 },
    });
    const room = opened.body as unknown as LiveRoomSummary;
    const join = (nickname: string, cookie?: string) =>
      call(cookie, 'POST', '/api/rooms/join', { code: room.code, nickname });
    expect((await join('Ada', learner)).status).toBe(201);
    expect((await join('Ben')).status).toBe(201);
    const full = await join('Cem');
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('live.room_full');
    // Ada joins again from another device: she is in the room already, so it is not full for her.
    const back = await join('Ada again', learner);
    expect(back.status).toBe(201);
    expect(back.body.nickname).toBe('Ada');
  });

  it('lets a whole class join from one address, and stops a code-guessing loop', async () => {
    const room = (
      await call(host, 'POST', '/api/rooms', {
        bankId,
        questions: { mode: 'draw', count: 1 },
      })
    ).body as unknown as LiveRoomSummary;
    for (let i = 1; i <= 30; i++) {
      const joined = await call(undefined, 'POST', '/api/rooms/join', {
        code: room.code,
        nickname: `Pupil ${i}`,
      });
      expect(joined.status).toBe(201);
    }
    // The guessing loop runs on one phone, which sends back the device cookie it was given.
    const firstGuess = await call(undefined, 'POST', '/api/rooms/join', {
      code: '999999',
      nickname: 'Guess',
    });
    expect(firstGuess.status).toBe(404);
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      status = (
        await call(firstGuess.cookie, 'POST', '/api/rooms/join', {
          code: '999999',
          nickname: 'Guess',
        })
      ).status;
    }
    expect(status).toBe(429);
    // The rest of the class, behind the same address, still gets in.
    const late = await call(undefined, 'POST', '/api/rooms/join', {
      code: room.code,
      nickname: 'Pupil late',
    });
    expect(late.status).toBe(201);
  });
});
