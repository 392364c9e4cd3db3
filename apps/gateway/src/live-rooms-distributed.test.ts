import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '@questa/config';
import type { LivePlayerView, LiveResults, LiveRoomSummary } from '@questa/contracts';
import {
  connectLive,
  liveRoomsOver,
  nthLiveAnswer,
  questaHttp,
  signInOverHttp,
  startDistributedQuesta,
  startPrivateRedis,
  until,
  type DistributedQuesta,
  type LiveClient,
  type PrivateRedis,
  type QuestaProcess,
} from './testing';

const PASSWORD = 'practice-makes-perfect';
const { databaseUrl } = readTestSettings();
if (!databaseUrl) {
  console.warn(
    'DATABASE_URL is not set: the live rooms across API processes (live-rooms-distributed.test.ts) are skipped; they need a PostgreSQL server.',
  );
}

/**
 * Live rooms when parts of a distributed Questa fail: three main-API processes, a question
 * database and an identity provider as separate processes on one PostgreSQL database, fanned out
 * through a Redis of the test's own (it is restarted here), with real Socket.IO clients connected
 * to chosen processes. Not an `.int` test: it starts the processes itself, on PostgreSQL only.
 */
describe.skipIf(!databaseUrl)('live rooms across API processes', () => {
  let redis: PrivateRedis;
  let questa: DistributedQuesta;
  let call: ReturnType<typeof questaHttp>;
  let host: string;
  let bankId: string;
  const clients: LiveClient[] = [];

  /** A connection to one process on purpose, once it has its first view. */
  async function connect(to: QuestaProcess, auth: Record<string, unknown>, cookie?: string) {
    const client = connectLive(to.url, { origin: questa.url, auth, cookie });
    clients.push(client);
    await until(
      () => client.seen.you.length > 0 || client.seen.host.length > 0,
      `the first view from ${to.name}`,
    );
    return client;
  }

  /** A room of capital-city questions: single choice and true/false, so someone is right. */
  const openRoom = (count: number, timerSeconds: number) =>
    liveRoomsOver(call, host).open({
      bankId,
      count,
      timerSeconds,
      topic: 'Capitals',
      difficulty: 1,
    });
  const join = (room: LiveRoomSummary, nickname: string) =>
    liveRoomsOver(call, host).join(room, nickname);

  async function results(room: LiveRoomSummary) {
    const answer = await call<LiveResults>(host, 'GET', `/api/rooms/${room.id}/results`);
    expect(answer.status).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    redis = await startPrivateRedis();
    questa = await startDistributedQuesta({
      adminDatabaseUrl: databaseUrl!,
      apiProcesses: 3,
      redisUrl: redis.url,
    });
    call = questaHttp(questa.url);
    host = await signInOverHttp(questa.url, 'author@questa.test', PASSWORD);
    const catalog = await call<{ banks: { id: string; title: string }[] }>(
      undefined,
      'GET',
      '/api/catalog/banks',
    );
    bankId = catalog.body.banks.find((bank) => bank.title === 'World Geography')!.id;
  }, 400_000);

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await questa?.stop();
    await redis?.stop();
  }, 60_000);

  it('closes a question on time in another process when the one driving the room is killed, and loses no answer, score or player', async () => {
    const [a, b, c] = questa.apis as [QuestaProcess, QuestaProcess, QuestaProcess];
    const room = await openRoom(2, 15);
    // Three players on A, where the host is; the others on B and C.
    const names = ['Ana', 'Aki', 'Avi', 'Bea', 'Bob', 'Cyd'];
    const homes = [a, a, a, b, b, c];
    const joined = await Promise.all(names.map((name) => join(room, name)));
    const hostConsole = await connect(a, { roomId: room.id, host: true }, host);
    const players = await Promise.all(
      joined.map((player, i) =>
        connect(homes[i]!, { roomId: room.id, playerToken: player.playerToken }),
      ),
    );

    // Question 1, opened by A: everyone answers, each differently, so it closes at once and
    // someone is right.
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const first = await until(() => hostConsole.lastRoom('question_open', 1), 'question 1');
    expect(['single_choice', 'true_false']).toContain(first.question!.type);
    for (const [i, player] of players.entries()) {
      const answer = nthLiveAnswer(first.question!, i);
      expect(await player.send({ type: 'answer', position: 1, answer })).toMatchObject({
        ok: true,
      });
    }
    const afterFirst = await Promise.all(
      players.map((player, i) => until(() => player.resultOf(1), `${names[i]}’s first result`)),
    );
    expect(afterFirst.some((view) => view.score > 0 && view.streak === 1)).toBe(true);

    // Question 2, opened by A, whose timer would close it. All but Cyd answer; then A dies.
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const second = await until(() => hostConsole.lastRoom('question_open', 2), 'question 2');
    for (const [i, player] of players.slice(0, 5).entries()) {
      const answer = nthLiveAnswer(second.question!, i + 1);
      expect(await player.send({ type: 'answer', position: 2, answer })).toMatchObject({
        ok: true,
      });
    }
    expect(Date.now()).toBeLessThan(Date.parse(second.deadline!));
    await a.kill();

    // B and C close it by their sweep, on time, and their players see it with all five answers.
    for (const player of players.slice(3)) {
      const closed = await until(() => player.lastRoom('question_closed', 2), 'question 2 closed');
      const lateMs = Date.parse(closed.serverNow) - Date.parse(second.deadline!);
      expect(lateMs).toBeGreaterThanOrEqual(0);
      expect(lateMs).toBeLessThan(5000);
      expect(closed.reveal!.distribution.reduce((sum, bar) => sum + bar.count, 0)).toBe(5);
    }

    // A's players come back through B and C with the same token: nickname, score and streak.
    for (const player of players.slice(0, 3)) {
      await until(() => !player.socket.connected, 'the killed process’s connection to drop');
    }
    const returned = await Promise.all(
      joined
        .slice(0, 3)
        .map((player, i) =>
          connect(i % 2 ? c : b, { roomId: room.id, playerToken: player.playerToken }),
        ),
    );
    const afterSecond: LivePlayerView[] = [];
    for (const [i, player] of [...returned, ...players.slice(3)].entries()) {
      afterSecond.push(await until(() => player.resultOf(2), `${names[i]}’s second result`));
    }
    for (const [i, view] of afterSecond.entries()) {
      const before = afterFirst[i]!;
      expect(view.nickname).toBe(names[i]);
      // Scored exactly once, whichever process closed the question.
      expect(view.score).toBe(before.score + view.lastResult!.points);
      expect(view.streak).toBe(view.lastResult!.correct ? before.streak + 1 : 0);
    }
    expect(afterSecond[5]!.lastResult).toMatchObject({ correct: false, points: 0 });

    // The host comes back through C and moves the game on; players on B see it.
    const hostBack = await connect(c, { roomId: room.id, host: true }, host);
    expect(hostBack.lastRoom('question_closed', 2)).toBeDefined();
    expect(await hostBack.send({ type: 'host.next' })).toEqual({ ok: true });
    await until(() => players[3]!.lastRoom('leaderboard', 2), 'the leaderboard on B');

    const final = await results(room);
    expect(final.questions.map((question) => question.answered)).toEqual([6, 5]);
    for (const [i, view] of afterSecond.entries()) {
      const row = final.players.find((player) => player.nickname === names[i])!;
      expect(row.score).toBe(view.score);
    }
  }, 180_000);

  it('goes on while Redis restarts: players on another process get the next question, the count and every result', async () => {
    const [, b, c] = questa.apis as [QuestaProcess, QuestaProcess, QuestaProcess];
    const room = await openRoom(3, 120);
    const names = ['Dee', 'Dan', 'Eve'];
    const homes = [c, c, b];
    const joined = await Promise.all(names.map((name) => join(room, name)));
    const hostConsole = await connect(b, { roomId: room.id, host: true }, host);
    const players = await Promise.all(
      joined.map((player, i) =>
        connect(homes[i]!, { roomId: room.id, playerToken: player.playerToken }),
      ),
    );
    const [dee, dan, eve] = players as [LiveClient, LiveClient, LiveClient];

    // Question 1 with Redis up: the host on B, everyone answers, it closes, everyone sees it.
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const first = await until(() => dee.lastRoom('question_open', 1), 'question 1 on C');
    for (const [i, player] of players.entries()) {
      const answer = nthLiveAnswer(first.question!, i);
      expect(await player.send({ type: 'answer', position: 1, answer })).toMatchObject({
        ok: true,
      });
    }
    for (const player of players) await until(() => player.resultOf(1), 'the first result');

    // Redis goes away. The host opens question 2 on B; the phones on C still get it, the host
    // still sees Dee's answer counted, and once the host closes it everyone gets their result.
    await redis.kill();
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const second = await until(
      () => dee.lastRoom('question_open', 2),
      'question 2 on C while Redis is down',
    );
    await until(() => dan.lastRoom('question_open', 2), 'question 2 on Dan’s phone');
    for (const player of [dee, eve]) {
      const answer = nthLiveAnswer(second.question!, 0);
      expect(await player.send({ type: 'answer', position: 2, answer })).toMatchObject({
        ok: true,
      });
    }
    await until(
      () => hostConsole.seen.room.findLast((view) => view.position === 2 && view.answered === 2),
      'both answers counted on the host’s console',
    );
    expect(await hostConsole.send({ type: 'host.close' })).toEqual({ ok: true });
    for (const player of players) {
      await until(() => player.resultOf(2), 'the second result while Redis is down');
    }

    // Redis comes back, empty. The processes find it again and the game goes on to the end.
    await redis.start();
    const probe = new Redis(redis.url);
    try {
      await until(
        async () => (await probe.xlen(`${questa.redisKeyPrefix}live`)) > 0,
        'the API processes to publish through Redis again',
      );
    } finally {
      probe.disconnect();
    }
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const third = await until(() => dan.lastRoom('question_open', 3), 'question 3 on C');
    for (const [i, player] of players.entries()) {
      const answer = nthLiveAnswer(third.question!, i);
      expect(await player.send({ type: 'answer', position: 3, answer })).toMatchObject({
        ok: true,
      });
    }
    for (const player of players) await until(() => player.resultOf(3), 'the third result');
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });

    // Nothing a player needs is lost: each phone ends on the podium with the score on record.
    const final = await results(room);
    expect(final.questions.map((question) => question.answered)).toEqual([3, 2, 3]);
    for (const [i, player] of players.entries()) {
      await until(() => player.seen.room.at(-1)?.state === 'finished', `${names[i]} on the podium`);
      const row = final.players.find((entry) => entry.nickname === names[i])!;
      await until(
        () => player.seen.you.at(-1)?.score === row.score,
        `${names[i]}’s score of ${row.score}`,
      );
    }
    for (const api of [b, c]) {
      expect(api.running(), api.output()).toBe(true);
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    }
  }, 180_000);
  it('plays in teams across processes: teams made on one reach phones on another, a newcomer evens them out, the talk time holds everywhere', async () => {
    // The first test killed A: the room lives on B and C.
    const [, b, c] = questa.apis as [QuestaProcess, QuestaProcess, QuestaProcess];
    const room = await openRoom(1, 30);
    const names = ['Fay', 'Fin', 'Gus', 'Gil'];
    const homes = [b, c, c, b];
    const joined = await Promise.all(names.map((name) => join(room, name)));
    const hostConsole = await connect(b, { roomId: room.id, host: true }, host);
    const players = await Promise.all(
      joined.map((player, i) =>
        connect(homes[i]!, { roomId: room.id, playerToken: player.playerToken }),
      ),
    );

    // The host on B makes two teams; every phone, on B and on C, is told its team.
    expect(
      await hostConsole.send({ type: 'host.teams', teams: { count: 2, talkSeconds: 5 } }),
    ).toEqual({ ok: true });
    const teamOf = new Map<string, number>();
    for (const [i, player] of players.entries()) {
      const you = await until(
        () => player.seen.you.findLast((view) => typeof view.team === 'number'),
        `${names[i]}’s team`,
      );
      teamOf.set(you.playerId, you.team!);
    }
    expect([...teamOf.values()].filter((team) => team === 1)).toHaveLength(2);

    // A newcomer through the load balancer joins the smaller team, as seen on C.
    expect(
      await hostConsole.send({
        type: 'host.teams.move',
        playerId: joined[0]!.playerId,
        team: teamOf.get(joined[0]!.playerId) === 1 ? 2 : 1,
      }),
    ).toEqual({ ok: true });
    const sizes = await until(
      () => players[1]!.seen.room.findLast((view) => view.teams?.sizes.join() !== '2,2')?.teams,
      'the teams’ new sizes on C',
    );
    const smaller = sizes.sizes[0]! < sizes.sizes[1]! ? 1 : 2;
    const late = await join(room, 'Hal');
    const hal = await connect(c, { roomId: room.id, playerToken: late.playerToken });
    await until(() => hal.seen.you.findLast((view) => view.team === smaller), 'Hal’s team');

    // The talk time holds answers back in every process, not only where the question opened.
    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const open = await until(() => players[1]!.lastRoom('question_open', 1), 'the question on C');
    const opensAt = Date.parse(open.answersOpenAt!);
    expect(opensAt - Date.parse(open.serverNow)).toBeGreaterThan(2_000);
    const answer = nthLiveAnswer(open.question!, 0);
    for (const player of [players[1]!, players[3]!]) {
      expect(await player.send({ type: 'answer', position: 1, answer })).toMatchObject({
        ok: false,
        code: 'live.talk_time',
      });
    }
    const offset = Date.parse(open.serverNow) - Date.now();
    await until(() => Date.now() + offset > opensAt + 300, 'the end of the talk time');
    for (const [i, player] of [...players, hal].entries()) {
      const given = nthLiveAnswer(open.question!, i);
      expect(await player.send({ type: 'answer', position: 1, answer: given })).toMatchObject({
        ok: true,
      });
    }
    for (const player of players) await until(() => player.resultOf(1), 'the result');
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });

    // The podium on C ranks the teams by their members' average, as the results have them.
    const podium = await until(() => hal.lastRoom('finished'), 'the podium on C');
    const final = await results(room);
    const average = (team: number) => {
      const scores = final.players
        .filter((player) => player.team === team && player.answered > 0)
        .map((player) => player.score);
      return Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length);
    };
    expect(podium.teamLeaderboard!.map((entry) => [entry.team, entry.score])).toEqual(
      final.teams.map((entry) => [entry.team, average(entry.team)]),
    );
    expect(final.teams.map((entry) => entry.members).sort()).toEqual([2, 3]);
  }, 180_000);
});
