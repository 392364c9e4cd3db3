import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '@questa/config';
import type {
  AnswerInput,
  ExamAttempt,
  LiveAck,
  LiveResults,
  LiveRoomSummary,
} from '@questa/contracts';
import {
  connectLive,
  liveRoomsOver,
  nthLiveAnswer,
  questaHttp,
  signInOverHttp,
  someLiveAnswer,
  startDistributedQuesta,
  until,
  type DistributedQuesta,
  type LiveClient,
  type QuestaProcess,
} from './testing';

const PASSWORD = 'practice-makes-perfect';
const { databaseUrl } = readTestSettings();
if (!databaseUrl) {
  console.warn(
    'DATABASE_URL is not set: losing and restarting API processes (live-process-loss.test.ts) is skipped; it needs a PostgreSQL server.',
  );
}

/** What the run measured, printed and written beside the OS's temporary files. */
const figures: Record<string, unknown> = {};

/**
 * API processes dying and restarting under a live game and an exam: three main-API processes on
 * PostgreSQL and Redis, players connected through the balancer that come back by themselves as
 * the pages do. Nothing acknowledged is lost, and the host counts each player connected once,
 * and only while they are.
 */
describe.skipIf(!databaseUrl)('losing and restarting API processes', () => {
  let questa: DistributedQuesta;
  let call: ReturnType<typeof questaHttp>;
  let host: string;
  let bankId: string;
  const clients: LiveClient[] = [];

  const open = (count: number) =>
    liveRoomsOver(call, host).open({
      bankId,
      count,
      timerSeconds: 240,
      topic: 'Capitals',
      difficulty: 1,
    });

  /** A phone through the balancer, coming back by itself; or held by one process on purpose. */
  async function phone(room: LiveRoomSummary, nickname: string, to?: QuestaProcess) {
    const joined = await liveRoomsOver(call, host).join(room, nickname);
    const client = connectLive(to?.url ?? questa.url, {
      origin: questa.url,
      auth: { roomId: room.id, playerToken: joined.playerToken },
      reconnect: to === undefined,
    });
    clients.push(client);
    await until(() => client.seen.you.length > 0, `${nickname}’s first view`);
    return { nickname, playerId: joined.playerId, client };
  }
  type Phone = Awaited<ReturnType<typeof phone>>;

  async function console_(room: LiveRoomSummary, to?: QuestaProcess) {
    const client = connectLive(to?.url ?? questa.url, {
      origin: questa.url,
      auth: { roomId: room.id, host: true },
      cookie: host,
      reconnect: to === undefined,
    });
    clients.push(client);
    await until(() => client.seen.host.length > 0, 'the host’s console');
    return client;
  }

  /** Answers until acknowledged; a refusal as already answered means the first attempt landed. */
  async function answerSurely(player: Phone, position: number, answer: AnswerInput) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await until(() => player.client.socket.connected, `${player.nickname} connected`, 60_000);
      const ack: LiveAck | undefined = await player.client
        .send({ type: 'answer', position, answer })
        .catch(() => undefined);
      if (ack?.ok || (ack && !ack.ok && ack.code === 'live.already_answered')) return;
      if (ack && !ack.ok && ack.code !== 'internal') {
        throw new Error(`${player.nickname}’s answer refused: ${JSON.stringify(ack)}`);
      }
      if (Date.now() > deadline) throw new Error(`${player.nickname}’s answer never acknowledged`);
    }
  }

  /** The host's console's latest count, once it says `connected` of `players`. */
  const hostCounts = (hostConsole: LiveClient, players: number, connected: number) =>
    hostConsole.seen.host.at(-1)?.players === players &&
    hostConsole.seen.host.at(-1)?.connected === connected;

  async function results(room: LiveRoomSummary) {
    const answer = await call<LiveResults>(host, 'GET', `/api/rooms/${room.id}/results`);
    expect(answer.status).toBe(200);
    return answer.body;
  }

  /** Every acknowledged answer is stored and scored: each player's score is their phone's. */
  async function expectEveryAnswerKept(room: LiveRoomSummary, phones: Phone[], positions: number) {
    const final = await results(room);
    expect(final.questions.map((question) => question.answered)).toEqual(
      Array.from({ length: positions }, () => phones.length),
    );
    for (const player of phones) {
      const row = final.players.find((entry) => entry.playerId === player.playerId)!;
      expect(row.answered, player.nickname).toBe(positions);
      if (player.client.socket.connected) {
        await until(
          () => player.client.seen.you.at(-1)?.score === row.score,
          `${player.nickname}’s score of ${row.score}`,
        );
      }
    }
  }

  beforeAll(async () => {
    questa = await startDistributedQuesta({ adminDatabaseUrl: databaseUrl!, apiProcesses: 3 });
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
    if (Object.keys(figures).length > 0) {
      const file = path.join(tmpdir(), `questa-live-process-loss-${Date.now()}.json`);
      await writeFile(file, JSON.stringify(figures, null, 2));
      console.log(`Process loss figures: ${JSON.stringify(figures)}\nWritten to ${file}`);
    }
  }, 60_000);

  it('keeps every acknowledged answer when a process is killed mid-question, and counts its players connected only once they are back', async () => {
    const [a, , c] = questa.apis as [QuestaProcess, QuestaProcess, QuestaProcess];
    const room = await open(2);
    // 27 phones through the balancer, spread over the three processes; three more held by A
    // alone, as phones whose network goes with it: they never come back.
    const phones: Phone[] = [];
    for (let i = 0; i < 27; i++) phones.push(await phone(room, `Player ${i + 1}`));
    const stranded: Phone[] = [];
    for (let i = 0; i < 3; i++) stranded.push(await phone(room, `Stranded ${i + 1}`, a));
    const everyone = [...phones, ...stranded];
    const hostConsole = await console_(room, c);
    await until(() => hostCounts(hostConsole, 30, 30), 'the host to count 30 connected');

    expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
    const first = await until(() => hostConsole.lastRoom('question_open', 1), 'question 1');
    // Half the room answers, the stranded phones among them; then A dies mid-question.
    const early = [...stranded, ...phones.slice(0, 12)];
    await Promise.all(
      early.map((player, i) => answerSurely(player, 1, nthLiveAnswer(first.question!, i))),
    );
    const disconnected = new Set<Phone>();
    for (const player of phones) {
      player.client.socket.once('disconnect', () => disconnected.add(player));
    }
    const killedAt = Date.now();
    await a.kill();

    // The rest answers, the players A held coming back through B and C as they do so.
    await Promise.all(
      phones
        .slice(12)
        .map((player, i) => answerSurely(player, 1, nthLiveAnswer(first.question!, i + 15))),
    );
    await until(() => disconnected.size > 0, 'A’s phones to drop');
    await until(
      () => phones.every((player) => player.client.socket.connected),
      'every phone A held back through B and C',
      60_000,
    );
    const allBackMs = Date.now() - killedAt;
    await until(
      () => hostCounts(hostConsole, 30, 27),
      'the host to count the 27 phones connected, and not the three A took with it',
      60_000,
    );
    const countRightMs = Date.now() - killedAt;
    figures.kill = {
      phonesOnKilledProcess: disconnected.size + stranded.length,
      strandedPhones: stranded.length,
      killToAllBackMs: allBackMs,
      killToCountRightMs: countRightMs,
    };

    // Everyone answered, so the question closes by itself, with every answer; the next one
    // closes once the 27 on B and C have answered, the three A took being long away.
    for (const player of phones) await until(() => player.client.resultOf(1), 'the first result');
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
    const second = await until(() => hostConsole.lastRoom('question_open', 2), 'question 2');
    await Promise.all(
      everyone
        .filter((player) => !stranded.includes(player))
        .map((player, i) => answerSurely(player, 2, nthLiveAnswer(second.question!, i))),
    );
    for (const player of phones) await until(() => player.client.resultOf(2), 'the second result');
    const final = await results(room);
    expect(final.questions.map((question) => question.answered)).toEqual([30, 27]);
    for (const player of phones) {
      const row = final.players.find((entry) => entry.playerId === player.playerId)!;
      expect(row.answered).toBe(2);
      await until(
        () => player.client.seen.you.at(-1)?.score === row.score,
        `${player.nickname}’s score of ${row.score}`,
      );
    }
    for (const player of stranded) {
      const row = final.players.find((entry) => entry.playerId === player.playerId)!;
      expect(row.answered).toBe(1);
    }
    // Still counted once each, after all the reconnecting.
    expect(hostCounts(hostConsole, 30, 27)).toBe(true);
    await questa.startApi();
  }, 300_000);

  it('loses no exam answer and no live score during a rolling restart, and ends with every player connected once', async () => {
    // Three learners with premium, each in an exam.
    const admin = await signInOverHttp(questa.url, 'admin@questa.test', PASSWORD);
    const learners = await Promise.all(
      ['learner@questa.test', 'teacher@questa.test', 'admin@questa.test'].map(async (email) => {
        const cookie =
          email === 'admin@questa.test' ? admin : await signInOverHttp(questa.url, email, PASSWORD);
        const found = await call<{ users: { id: string; email: string }[] }>(
          admin,
          'GET',
          `/api/admin/users?q=${encodeURIComponent(email)}`,
        );
        const userId = found.body.users.find((user) => user.email === email)!.id;
        const granted = await call(admin, 'PUT', `/api/admin/users/${userId}/premium`, {
          premium: true,
          until: null,
        });
        expect(granted.status).toBe(200);
        const started = await call<ExamAttempt>(cookie, 'POST', '/api/exams', { bankId });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        return { email, cookie, attempt: started.body };
      }),
    );

    const room = await open(3);
    const phones: Phone[] = [];
    for (let i = 0; i < 12; i++) phones.push(await phone(room, `Roller ${i + 1}`));
    const hostConsole = await console_(room);
    await until(() => hostCounts(hostConsole, 12, 12), 'the host to count 12 connected');

    // The learners answer their exams all through the restarts, each answer retried until the
    // server acknowledges it; what it acknowledged is noted.
    const acknowledged = new Map<string, Map<number, AnswerInput>>();
    let examsGoOn = true;
    const examining = learners.map(async ({ email, cookie, attempt }) => {
      const saved = new Map<number, AnswerInput>();
      acknowledged.set(attempt.id, saved);
      const answerable = attempt.questions.flatMap(({ position, question }) => {
        try {
          return [{ position, answer: someLiveAnswer(question) }];
        } catch {
          return [];
        }
      });
      for (let round = 0; examsGoOn; round++) {
        const { position, answer } = answerable[round % answerable.length]!;
        const put = await call(cookie, 'PUT', `/api/exams/${attempt.id}/responses/${position}`, {
          answer,
        }).catch(() => undefined);
        if (put?.status === 200) saved.set(position, answer);
        else if (put && put.status < 500 && put.status !== 404) {
          throw new Error(`${email}’s exam answer refused: ${JSON.stringify(put.body)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    // One question per restarted process: the host opens it, the process stops (SIGTERM) while
    // the phones answer, and its replacement starts.
    const restarts: { process: string; stopMs: number; allBackMs: number }[] = [];
    const running = questa.apis.filter((api) => api.running());
    expect(running).toHaveLength(3);
    for (const [index, api] of running.entries()) {
      const position = index + 1;
      await until(() => hostConsole.socket.connected, 'the host’s console connected');
      if (position === 1) {
        expect(await hostConsole.send({ type: 'host.start' })).toEqual({ ok: true });
      } else {
        expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
        expect(await hostConsole.send({ type: 'host.next' })).toEqual({ ok: true });
      }
      const question = await until(
        () => phones[0]!.client.lastRoom('question_open', position),
        `question ${position}`,
      );
      const stopping = Date.now();
      const restart = (async () => {
        await api.stop();
        const stopMs = Date.now() - stopping;
        await questa.startApi();
        return stopMs;
      })();
      await Promise.all(
        phones.map((player, i) =>
          answerSurely(player, position, nthLiveAnswer(question.question!, i)),
        ),
      );
      const stopMs = await restart;
      await until(
        () => phones.every((player) => player.client.socket.connected),
        'every phone connected after the restart',
        60_000,
      );
      restarts.push({ process: api.name, stopMs, allBackMs: Date.now() - stopping });
      // Everyone answered: the question closes by itself, wherever it was opened.
      for (const player of phones) {
        await until(() => player.client.resultOf(position), `${player.nickname}’s result`);
      }
    }
    examsGoOn = false;
    await Promise.all(examining);

    // Every exam answer the server acknowledged is in the learner's exam.
    for (const { cookie, attempt } of learners) {
      const saved = acknowledged.get(attempt.id)!;
      expect(saved.size).toBeGreaterThan(0);
      const now = await call<ExamAttempt>(cookie, 'GET', `/api/exams/${attempt.id}`);
      for (const [position, answer] of saved) {
        expect(
          now.body.responses.find((response) => response.position === position)?.answer,
        ).toEqual(answer);
      }
    }
    await expectEveryAnswerKept(room, phones, 3);
    // Every phone is back, counted once, with the processes all replaced.
    await until(() => hostCounts(hostConsole, 12, 12), 'the host to count 12 connected', 60_000);
    figures.rollingRestart = {
      restarts,
      examAnswersAcknowledged: [...acknowledged.values()].reduce((sum, map) => sum + map.size, 0),
      liveAnswersAcknowledged: phones.length * 3,
    };
  }, 400_000);
});
