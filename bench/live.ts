import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import type { LiveRoomView } from '@questa/contracts';
import { readTestSettings } from '@questa/config';
import {
  freePort,
  someLiveAnswer,
  startDistributedQuesta,
  startQuesta,
} from '@questa/gateway/testing';
import {
  connectSocket,
  inBatches,
  openBenchRoom,
  percentile,
  sendMessage,
  until,
  type BenchRoom,
} from './live-room';
import { spread, type Spread } from './measure';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What a game measured, by the bench process's clock. */
export interface GameFigures {
  /** From the host's command that opens a question to each player receiving it. */
  openLatency: number[];
  /** From an answer sent to its acknowledgement. */
  ackLatency: number[];
  refused: number;
  lost: number;
  disconnects: number;
  gameSeconds: number;
}

/**
 * Plays every question of `bench`'s room: the host opens it, each player answers at random within
 * the first three seconds (as a room does), the question closes when all have answered, the host
 * shows the leaderboard and moves on.
 */
export async function playGame(bench: BenchRoom): Promise<GameFigures> {
  const figures: GameFigures = {
    openLatency: [],
    ackLatency: [],
    refused: 0,
    lost: 0,
    disconnects: 0,
    gameSeconds: 0,
  };
  let commandAt = 0;
  let acks = 0;
  const seen = new Set<string>();
  for (const [i, { socket }] of bench.players.entries()) {
    socket.on('disconnect', () => figures.disconnects++);
    socket.on('room', (view: LiveRoomView) => {
      if (view.state !== 'question_open' || !view.question || view.paused) return;
      const key = `${i}:${view.position}`;
      if (seen.has(key)) return;
      seen.add(key);
      figures.openLatency.push(performance.now() - commandAt);
      const question = view.question;
      setTimeout(() => {
        const sentAt = performance.now();
        void sendMessage(socket, {
          type: 'answer',
          position: view.position,
          answer: someLiveAnswer(question),
        })
          .then((ack) => {
            if (ack.ok) figures.ackLatency.push(performance.now() - sentAt);
            else figures.refused++;
          })
          .catch(() => figures.lost++)
          .finally(() => acks++);
      }, Math.random() * 3000);
    });
  }

  // Without the host's console the bench cannot tell where the room is: say so rather than wait.
  let hostGone = '';
  bench.host.on('disconnect', (reason) => (hostGone = reason));
  const reached = (state: LiveRoomView['state'], position: number) => {
    if (hostGone) throw new Error(`bench: the host's connection dropped (${hostGone})`);
    return bench.hostViews.some((view) => view.state === state && view.position === position);
  };
  const started = performance.now();
  for (let position = 1; position <= bench.room.questionCount; position++) {
    const before = acks;
    commandAt = performance.now();
    await sendMessage(bench.host, { type: position === 1 ? 'host.start' : 'host.next' });
    // Every player still connected answers (or the question closes without them).
    await until(
      () =>
        acks - before >= bench.players.length - figures.disconnects ||
        reached('question_closed', position),
      `answers to question ${position}`,
    );
    await until(() => reached('question_closed', position), `question ${position} to close`);
    await sendMessage(bench.host, { type: 'host.next' });
    await until(() => reached('leaderboard', position), `leaderboard ${position}`);
  }
  figures.gameSeconds = (performance.now() - started) / 1000;
  return figures;
}

export function reportGame(
  say: (line?: string) => void,
  title: string,
  conditions: string,
  figures: GameFigures,
) {
  const row = (name: string, values: number[]) =>
    say(
      `| ${name} | ${values.length.toLocaleString('en')} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`,
    );
  say(`### ${title}`);
  say();
  say(`${conditions} The game took ${figures.gameSeconds.toFixed(1)} s.`);
  say();
  say('| measure | samples | p50 ms | p95 ms | p99 ms |');
  say('| --- | ---: | ---: | ---: | ---: |');
  row('question opens → player receives it', figures.openLatency);
  row('answer sent → acknowledged', figures.ackLatency);
  say();
  say(
    `Answers refused: ${figures.refused} (e.g. after the question closed); lost with a dropped connection: ${figures.lost}; connections dropped: ${figures.disconnects}.`,
  );
  say();
}

/** Where a game is played: Questa's addresses, and how to read and stop what runs it. */
interface GameTarget {
  /** The origin browsers use; sign-in and room creation go there. */
  url: string;
  /** Where the host's console connects, when not at `url`. */
  hostSocketUrl?: string;
  /** The processes players connect to, in turn. */
  playerUrls: string[];
  output(): string;
  stop(): Promise<unknown>;
}

/** Opens a room on `target`, plays it and reports it; whatever happens, stops `target`. */
async function benchGame(
  say: (line?: string) => void,
  target: GameTarget,
  options: { players: number; questions: number; title: string; conditions: string },
) {
  let bench: BenchRoom | undefined;
  try {
    const joinStarted = performance.now();
    bench = await openBenchRoom({
      hostUrl: target.url,
      hostSocketUrl: target.hostSocketUrl,
      playerUrls: target.playerUrls,
      origin: target.url,
      players: options.players,
      questions: options.questions,
      timerSeconds: 30,
    });
    const joinSeconds = (performance.now() - joinStarted) / 1000;
    const figures = await playGame(bench);
    reportGame(
      say,
      `Live room: ${options.players.toLocaleString('en')} players, ${bench.room.questionCount} questions, ${options.title}`,
      `${options.conditions} Joining and connecting ${options.players.toLocaleString('en')} players took ${joinSeconds.toFixed(1)} s; answers spread over 3 s per question.`,
      figures,
    );
  } catch (error) {
    // What the server said is the best clue to why a run went wrong.
    console.error(target.output().slice(-6000));
    throw error;
  } finally {
    bench?.close();
    await target.stop();
  }
}

/**
 * (a) One room of `players` real Socket.IO clients on loopback through `questions` questions, on
 * one Questa process as `npm start` runs it (embedded database).
 */
export async function benchLive(
  say: (line?: string) => void,
  options: { players: number; questions: number },
) {
  const server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
  await benchGame(
    say,
    { ...server, playerUrls: [server.url] },
    {
      ...options,
      title: 'one process',
      conditions:
        "Real Socket.IO clients on loopback, in the bench's own process; Questa as `npm start` runs it (embedded database).",
    },
  );
}

async function startBroadcastServer() {
  const port = await freePort();
  const child = fork(path.join(here, 'broadcast-server.ts'), [String(port)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Counts the `room` messages a set of player sockets receives. */
function countRooms(sockets: readonly Socket[]) {
  const counter = { received: 0 };
  for (const socket of sockets) socket.on('room', () => counter.received++);
  return counter;
}

/**
 * Deliveries per second of `changes` room changes to every player, each change sent once the
 * previous one has reached everyone.
 */
async function burst(
  players: number,
  counter: { received: number },
  changes: number,
  change: (index: number) => Promise<unknown>,
) {
  const started = performance.now();
  for (let index = 0; index < changes; index++) {
    const before = counter.received;
    await change(index);
    await until(() => counter.received - before >= players, `change ${index} to reach everyone`);
  }
  return (changes * players) / ((performance.now() - started) / 1000);
}

/**
 * (b) Broadcast deliveries per second: a Questa room's state changes (the host pausing and
 * resuming a question) reaching all its players, against a bare Socket.IO server relaying a
 * message of the same size to as many clients, in interleaved rounds.
 */
export async function benchLiveBroadcast(
  say: (line?: string) => void,
  options: { players: number; rounds: number; changes: number },
) {
  const server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
  const bare = await startBroadcastServer();
  let bench: BenchRoom | undefined;
  const bareSockets: Socket[] = [];
  try {
    bench = await openBenchRoom({
      hostUrl: server.url,
      playerUrls: [server.url],
      origin: server.url,
      players: options.players,
      questions: 1,
      timerSeconds: 240,
      // A channel takes ten messages a second from one connection; the host's consoles take turns.
      extraConsoles: 4,
    });
    await sendMessage(bench.host, { type: 'host.start' });
    await until(
      () => bench!.hostViews.some((view) => view.state === 'question_open'),
      'the question to open',
    );
    const questaCounter = countRooms(bench.players.map((player) => player.socket));

    const connectBare = (auth: Record<string, unknown>) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connectSocket(bare.url, { path: '/live', origin: bare.url, auth });
        bareSockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const bareHost = await connectBare({ host: true });
    const barePlayers = await inBatches(options.players, 100, () => connectBare({}));
    const bareCounter = countRooms(barePlayers);
    // The bare server relays the very view a Questa player receives, so both send as many bytes.
    const payload = bench.hostViews.at(-1);

    const questa: number[] = [];
    const yardstick: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const questaRate = await burst(
        options.players,
        questaCounter,
        options.changes,
        async (index) => {
          const consoles = [bench!.host, ...bench!.consoles];
          const ack = await sendMessage(consoles[index % consoles.length]!, {
            type: index % 2 === 0 ? 'host.pause' : 'host.resume',
          });
          if (!ack.ok) throw new Error(`bench: the host's change was refused: ${ack.detail}`);
        },
      );
      const bareRate = await burst(options.players, bareCounter, options.changes, () =>
        sendMessage(bareHost, { payload }),
      );
      questa.push(questaRate);
      yardstick.push(bareRate);
      ratios.push(questaRate / bareRate);
    }
    const range = (figure: Spread, digits = 0) =>
      `${figure.median.toFixed(digits)} (${figure.min.toFixed(digits)}–${figure.max.toFixed(digits)})`;
    say(`### Live broadcast: ${options.players.toLocaleString('en')} players, one process`);
    say();
    say(
      `Each round sends ${options.changes} changes to every player, the next once the last has reached everyone: in Questa the host pausing and resuming the open question (each change stored, the room's view read and sent to the room); on a bare Socket.IO server a relay of the same view. Targets interleaved, ${options.rounds} rounds; median (range).`,
    );
    say();
    say('| target | deliveries/s | ratio to bare Socket.IO |');
    say('| --- | ---: | ---: |');
    say(`| bare Socket.IO relay | ${range(spread(yardstick))} | 1 |`);
    say(`| Questa live room | ${range(spread(questa))} | ${range(spread(ratios), 2)} |`);
    say();
  } catch (error) {
    console.error(server.output().slice(-6000));
    throw error;
  } finally {
    bench?.close();
    for (const socket of bareSockets) socket.disconnect();
    bare.stop();
    await server.stop();
  }
}

/**
 * (c) The same room spread over `processes` API processes with Redis, on PostgreSQL: the host's
 * console on the first process, players on each in turn, as a load balancer would spread them.
 */
export async function benchLiveSpread(
  say: (line?: string) => void,
  options: { players: number; questions: number; processes: number },
) {
  const { databaseUrl } = readTestSettings();
  if (!databaseUrl) {
    say(
      `Live room over ${options.processes} API processes skipped: set DATABASE_URL to a PostgreSQL server (Redis at the machine's default address).`,
    );
    say();
    return;
  }
  const questa = await startDistributedQuesta({
    adminDatabaseUrl: databaseUrl,
    apiProcesses: options.processes,
    env: { LOG_LEVEL: 'warn' },
  });
  await benchGame(
    say,
    {
      ...questa,
      hostSocketUrl: questa.apis[0]!.url,
      playerUrls: questa.apis.map((api) => api.url),
    },
    {
      ...options,
      title: `${options.processes} API processes with Redis`,
      conditions: `Questa run apart on loopback (a question database, an identity provider and ${options.processes} main-API processes on one PostgreSQL database and one Redis); the host's console on the first API process, players on each in turn; real Socket.IO clients in the bench's own process.`,
    },
  );
}
