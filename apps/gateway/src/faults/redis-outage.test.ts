import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout, readTestSettings } from '@questa/config';
import type { LiveResults, LiveRoomSummary } from '@questa/contracts';
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
} from '../testing';
import { outcomesBetween, startLearnerLoad } from './learner-load';
import { DEMO_PASSWORD, demoBankId, premiumLearners } from './premium-learners';
import { reportRecoveries } from './recovery-report';

const OUTAGE_MS = 10_000;
const QUESTIONS = 4;

const { databaseUrl } = readTestSettings();
if (!databaseUrl) {
  console.warn('redis-outage.test.ts is skipped: DATABASE_URL is not set; it needs PostgreSQL.');
}

/**
 * Redis taken away for 10 s during a live game across two API processes, and given back on the
 * same port, empty: the game goes on through the catch-up from the database, scores stay what
 * the acknowledged answers earned, and practice and exams never notice. Not an `.int` test: it
 * starts the processes itself, on PostgreSQL only.
 */
describe.skipIf(!databaseUrl)('Redis stopped for 10 s during a live game', () => {
  let redis: PrivateRedis;
  let questa: DistributedQuesta;
  let host: string;
  let learners: string[];
  let bankId: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    questa = await startDistributedQuesta({
      adminDatabaseUrl: databaseUrl!,
      apiProcesses: 2,
      redisUrl: redis.url,
    });
    host = await signInOverHttp(questa.url, 'author@questa.test', DEMO_PASSWORD);
    learners = await premiumLearners(questa.url, ['learner@questa.test']);
    bankId = await demoBankId(questa.url);
  }, loadScaledTimeout(400_000));

  afterAll(async () => {
    for (const client of clients) client.socket.disconnect();
    await questa?.stop();
    await redis?.stop();
  }, 60_000);

  async function connect(to: QuestaProcess, auth: Record<string, unknown>, cookie?: string) {
    const client = connectLive(to.url, { origin: questa.url, auth, cookie });
    clients.push(client);
    await until(
      () => client.seen.you.length > 0 || client.seen.host.length > 0,
      `the first view from ${to.name}`,
    );
    return client;
  }

  it('goes on with every score, and practice and exams keep answering 200', async () => {
    const call = questaHttp(questa.url);
    const [a, b] = questa.apis as [QuestaProcess, QuestaProcess];
    const rooms = liveRoomsOver(call, host);
    const room: LiveRoomSummary = await rooms.open({
      bankId,
      count: QUESTIONS,
      timerSeconds: 120,
      topic: 'Capitals',
      difficulty: 1,
    });
    const names = ['Ida', 'Ivo', 'Jan', 'Jo', 'Kai', 'Kim'];
    const joined = await Promise.all(names.map((name) => rooms.join(room, name)));
    // The host on A; half the phones on A, half on B, so every step crosses processes.
    const hostConsole = await connect(a, { roomId: room.id, host: true }, host);
    const players = await Promise.all(
      joined.map((player, i) =>
        connect(i % 2 ? b : a, { roomId: room.id, playerToken: player.playerToken }),
      ),
    );
    const acked = names.map(() => 0);
    const crossing: number[] = [];

    /** One question, host to podium step: opened by the host, answered by all, results seen. */
    async function play(position: number) {
      const sent = Date.now();
      if (position === 1)
        expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
      else {
        expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
        expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
      }
      const open = await until(
        () => players[1]!.lastRoom('question_open', position),
        `question ${position} on B`,
      );
      crossing.push(Date.now() - sent);
      for (const [i, player] of players.entries()) {
        const answer = nthLiveAnswer(open.question!, i);
        const ack = await player.send({ type: 'answer', position, answer });
        expect(ack, `${names[i]} answering question ${position}`).toMatchObject({ ok: true });
        acked[i]! += 1;
      }
      for (const [i, player] of players.entries()) {
        await until(() => player.resultOf(position), `${names[i]}’s result of ${position}`);
      }
    }

    const load = startLearnerLoad({
      url: questa.url,
      learners,
      bankId,
      alongside: ['practice.start'],
      requestLimitMs: 8_000,
      pauseMs: 200,
    });
    let killedAt = 0;
    let backAt: number | undefined;
    let publishingAgainMs: number | undefined;
    try {
      await play(1);
      killedAt = Date.now();
      await redis.kill();
      await play(2);
      await play(3);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, killedAt + OUTAGE_MS - Date.now())),
      );

      await redis.start();
      backAt = Date.now();
      const probe = new Redis(redis.url);
      try {
        // The next step publishes through Redis as soon as the processes have found it again.
        const opening = play(4);
        await until(
          async () => (await probe.xlen(`${questa.redisKeyPrefix}live`)) > 0,
          'the API processes to publish through Redis again',
        );
        publishingAgainMs = Date.now() - backAt;
        await opening;
      } finally {
        probe.disconnect();
      }
      expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
      expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    } finally {
      await load.stop();
    }

    // Every acknowledged answer counted, and each phone ends with the score on record, which is
    // the sum of the points its results showed.
    const final = await call<LiveResults>(host, 'GET', `/api/rooms/${room.id}/results`);
    expect(final.status).toBe(200);
    expect(final.body.questions.map((question) => question.answered)).toEqual(
      Array.from({ length: QUESTIONS }, () => names.length),
    );
    for (const [i, player] of players.entries()) {
      const row = final.body.players.find((entry) => entry.nickname === names[i])!;
      expect(row.answered).toBe(acked[i]);
      let earned = 0;
      for (let position = 1; position <= QUESTIONS; position++) {
        earned += player.resultOf(position)!.lastResult!.points;
      }
      expect(row.score, `${names[i]}’s score`).toBe(earned);
      await until(() => player.seen.room.at(-1)?.state === 'finished', `${names[i]} on the podium`);
      await until(() => player.seen.you.at(-1)?.score === row.score, `${names[i]}’s final score`);
    }

    // Practice and exams never noticed: every request answered 200/201, during the outage too.
    const during = outcomesBetween(load.outcomes, killedAt, backAt!);
    const failures = load.outcomes.filter(
      (outcome) => outcome.status < 200 || outcome.status > 299,
    );
    expect(failures, JSON.stringify(failures.slice(0, 10))).toEqual([]);
    expect(during.filter((outcome) => outcome.kind === 'exam.answer').length).toBeGreaterThan(0);
    expect(during.filter((outcome) => outcome.kind === 'practice.start').length).toBeGreaterThan(0);
    for (const process of [...questa.apis, questa.questionDb, questa.identity]) {
      expect(process.running(), `${process.name}:\n${process.output()}`).toBe(true);
    }

    await reportRecoveries([
      {
        fault: 'Redis stopped for 10 s during a live game (2 API processes)',
        measured: 'live messages through Redis again',
        recoveryMs: publishingAgainMs!,
        notes: `a question reached the other process in ${crossing[0]} ms with Redis up, ${crossing[1]} and ${crossing[2]} ms with it down (the catch-up), ${crossing[3]} ms just after`,
      },
      {
        fault: 'Redis stopped for 10 s during a live game (2 API processes)',
        measured: 'practice starts and exam answers',
        recoveryMs: null,
        notes: `${during.length} requests while Redis was down, all 2xx`,
      },
    ]);
  }, 240_000);
});
