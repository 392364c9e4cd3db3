import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import type { LiveAck, LiveJoined, LiveResults, LiveRoomView } from '@questa/contracts';
import { readTestSettings } from '@questa/config';
import {
  freePort,
  signInOverHttp,
  startDistributedQuesta,
  startQuesta,
} from '@questa/gateway/testing';
import {
  BENCH_PASSWORD,
  connectSocket,
  inBatches,
  openBenchRoom,
  percentile,
  until,
} from './live-room';
import type {
  ClassroomSeat,
  FromPlayers,
  PlayedQuestion,
  ToPlayers,
} from './live-classroom-players';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The classroom's shape: a 12 s timer, answers in its first 70 %, a tenth dropping once. */
const TIMER_MS = 12_000;
const ANSWER_WITHIN = 0.7;
const STORM_EVERY = 10;
const QUESTIONS = 3;
/** The question during which a tenth of the room drops for 0.3–1 s and comes back. */
const STORM_QUESTION = 2;
/** Bench processes the players are spread over: none holds more than its share. */
const PLAYER_PROCESSES = 4;

/** Milliseconds on the machine's clock, comparable between processes. */
const wallNow = () => performance.timeOrigin + performance.now();

interface Figures {
  delivery: number[];
  ack: number[];
  reconnect: number[];
  timelyRefused: number;
  otherRefused: number;
  lost: number;
  /** Answers the room's results count once the game is over (Questa only). */
  stored?: number;
}

/** What the bench needs of a room, Questa's or the bare control's. */
interface Classroom {
  /** Where each player connects, and with what. */
  kind: 'questa' | 'bare';
  path: string;
  origin: string;
  seats: ClassroomSeat[];
  /** Opens question `position`, resolving when the command is sent. */
  open(position: number): Promise<void>;
  /** Resolves once question `position` is over and the next may open. */
  finish(position: number): Promise<void>;
  /** How many answers the server kept, once the game is over. */
  stored?(): Promise<number>;
  output(): string;
  stop(): Promise<void>;
}

/** A bench process holding a share of the players, and a way to ask it things. */
export function playerProcess() {
  const child: ChildProcess = fork(path.join(here, 'live-classroom-players.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const inbox: FromPlayers[] = [];
  const waiting: (() => void)[] = [];
  child.on('message', (message: FromPlayers) => {
    inbox.push(message);
    for (const wake of waiting.splice(0)) wake();
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    for (const wake of waiting.splice(0)) wake();
  });
  /** The next message of type `type`; a failure in the child fails the run. */
  async function next<T extends FromPlayers['type']>(type: T, timeoutMs = 180_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const failed = inbox.find((message) => message.type === 'failed');
      if (failed) throw new Error(`bench players: ${(failed as { error: string }).error}`);
      const at = inbox.findIndex((message) => message.type === type);
      if (at >= 0) return inbox.splice(at, 1)[0] as Extract<FromPlayers, { type: T }>;
      if (exited) throw new Error('bench players: the process exited');
      if (Date.now() > deadline) throw new Error(`bench players: no "${type}" in time`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 1000);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  return {
    pid: child.pid!,
    send: (message: ToPlayers) => child.send(message),
    next,
    stop: () => {
      if (!exited) child.send({ type: 'leave' } satisfies ToPlayers);
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      return new Promise<void>((resolve) => {
        if (exited) resolve();
        child.once('exit', () => resolve());
      }).finally(() => clearTimeout(killer));
    },
  };
}

/**
 * Plays `QUESTIONS` questions in `room`: every player answers each question once at a random
 * moment in the first 70 % of its timer; during one question a tenth of them drop for 0.3–1 s at
 * a random moment and come back with their token. The players live in `PLAYER_PROCESSES` bench
 * processes; this one drives the host and gathers their raw samples.
 */
async function play(room: Classroom): Promise<Figures> {
  const figures: Figures = {
    delivery: [],
    ack: [],
    reconnect: [],
    timelyRefused: 0,
    otherRefused: 0,
    lost: 0,
  };
  const shares = Array.from({ length: PLAYER_PROCESSES }, (_, p) =>
    room.seats.filter((_, i) => i % PLAYER_PROCESSES === p),
  ).filter((share) => share.length > 0);
  const processes = shares.map(() => playerProcess());
  try {
    shares.forEach((seats, p) =>
      processes[p]!.send({
        type: 'connect',
        kind: room.kind,
        path: room.path,
        origin: room.origin,
        seats,
      }),
    );
    await Promise.all(processes.map((players) => players.next('connected', 600_000)));
    for (let position = 1; position <= QUESTIONS; position++) {
      for (const players of processes) {
        players.send({
          type: 'arm',
          position,
          storm: position === STORM_QUESTION,
          stormEvery: STORM_EVERY,
          timerMs: TIMER_MS,
          answerWithin: ANSWER_WITHIN,
        });
      }
      await Promise.all(processes.map((players) => players.next('armed')));
      const commandAt = wallNow();
      await room.open(position);
      const played: PlayedQuestion[] = await Promise.all(
        processes.map((players) => players.next('played')),
      );
      for (const share of played) {
        figures.delivery.push(...share.received.map((at) => at - commandAt));
        figures.ack.push(...share.ack);
        figures.reconnect.push(...share.reconnect);
        figures.timelyRefused += share.timelyRefused;
        figures.otherRefused += share.otherRefused;
        figures.lost += share.lost;
      }
      await room.finish(position);
    }
    // Acknowledged is not stored when answers are acknowledged before their write: count both.
    figures.stored = await room.stored?.();
  } catch (error) {
    console.error(room.output().slice(-6000));
    throw error;
  } finally {
    await Promise.all(processes.map((players) => players.stop()));
  }
  return figures;
}

const sendAck = (socket: Socket, message: unknown) =>
  socket.timeout(30_000).emitWithAck('message', message) as Promise<LiveAck>;

/** Questa as `npm start` runs it (one process, embedded database), or three API processes. */
async function questaClassroom(players: number, apart: boolean): Promise<Classroom> {
  const target = apart
    ? await (async () => {
        const questa = await startDistributedQuesta({
          adminDatabaseUrl: readTestSettings().databaseUrl!,
          apiProcesses: 3,
          env: { LOG_LEVEL: 'warn' },
        });
        return {
          url: questa.url,
          hostSocketUrl: questa.apis[0]!.url,
          playerUrls: questa.apis.map((api) => api.url),
          output: questa.output,
          stop: questa.stop,
        };
      })()
    : await (async () => {
        const server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
        return {
          url: server.url,
          hostSocketUrl: server.url,
          playerUrls: [server.url],
          output: server.output,
          stop: () => server.stop(),
        };
      })();
  try {
    const bench = await openBenchRoom({
      hostUrl: target.url,
      hostSocketUrl: target.hostSocketUrl,
      playerUrls: target.playerUrls,
      origin: target.url,
      players: 0,
      questions: QUESTIONS,
      timerSeconds: TIMER_MS / 1000,
    });
    const urlOf = (i: number) => target.playerUrls[i % target.playerUrls.length]!;
    const joined = await inBatches(players, 50, async (i) => {
      const response = await fetch(`${urlOf(i)}/api/rooms/join`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-questa-request': '1',
          origin: target.url,
        },
        body: JSON.stringify({ code: bench.room.code, nickname: `Player ${i + 1}` }),
      });
      if (!response.ok) throw new Error(`join: ${response.status} ${await response.text()}`);
      return (await response.json()) as LiveJoined;
    });
    const views: LiveRoomView[] = [];
    bench.host.on('room', (view: LiveRoomView) => views.push(view));
    const reached = (state: string, position: number) =>
      views.some((view) => view.state === state && view.position === position);
    return {
      kind: 'questa',
      path: '/api/live',
      origin: target.url,
      seats: joined.map((player, i) => ({
        index: i,
        url: urlOf(i),
        auth: { roomId: bench.room.id, playerToken: player.playerToken },
      })),
      open: async (position) => {
        await sendAck(bench.host, { type: position === 1 ? 'host.start' : 'host.next' });
      },
      finish: async (position) => {
        await until(() => reached('question_closed', position), `question ${position} to close`);
        await sendAck(bench.host, { type: 'host.next' });
        await until(() => reached('leaderboard', position), `leaderboard ${position}`);
      },
      stored: async () => {
        const cookie = await signInOverHttp(target.url, 'author@questa.test', BENCH_PASSWORD);
        const response = await fetch(`${target.url}/api/rooms/${bench.room.id}/results`, {
          headers: { cookie },
        });
        if (!response.ok) throw new Error(`results: ${response.status}`);
        const results = (await response.json()) as LiveResults;
        return results.questions.reduce((sum, question) => sum + question.answered, 0);
      },
      output: target.output,
      stop: async () => {
        bench.close();
        await target.stop();
      },
    };
  } catch (error) {
    console.error(target.output().slice(-6000));
    await target.stop();
    throw error;
  }
}

async function bareClassroom(players: number): Promise<Classroom> {
  const port = await freePort();
  const child = fork(path.join(here, 'broadcast-server.ts'), [String(port)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  const url = `http://127.0.0.1:${port}`;
  const host = await new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(url, { path: '/live', origin: url, auth: { host: true } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
  return {
    kind: 'bare',
    path: '/live',
    origin: url,
    seats: Array.from({ length: players }, (_, index) => ({ index, url, auth: {} })),
    open: async (position) => {
      await sendAck(host, {
        payload: { state: 'question_open', position, question: { type: 'true_false' } },
      });
    },
    finish: async () => {},
    output: () => '',
    stop: async () => {
      host.disconnect();
      child.kill('SIGTERM');
    },
  };
}

async function run(make: () => Promise<Classroom>) {
  const room = await make();
  try {
    return await play(room);
  } finally {
    await room.stop();
  }
}

/** The 1-minute load average now, for the record: the machine is shared. */
const load = async () => (await import('node:os')).loadavg()[0]!.toFixed(1);

/**
 * A classroom's swarm against a bare Socket.IO server driven the same way in the same run, first
 * on one Questa process as `npm start` runs it, then (with DATABASE_URL) on three API processes
 * on PostgreSQL and Redis, players spread over the three.
 */
export async function benchLiveClassroom(
  say: (line?: string) => void,
  options: { players: number; shapes?: ('one' | 'apart')[] },
) {
  const { databaseUrl } = readTestSettings();
  const shapes = options.shapes ?? ['one', 'apart'];
  for (const shape of shapes) {
    if (shape === 'apart' && !databaseUrl) {
      say(
        "Live classroom over three API processes skipped: set DATABASE_URL to a PostgreSQL server (Redis at the machine's default address).",
      );
      say();
      continue;
    }
    const loadBefore = await load();
    const control = await run(() => bareClassroom(options.players));
    const questa = await run(() => questaClassroom(options.players, shape === 'apart'));
    const loadAfter = await load();
    report(say, options.players, shape, control, questa, `${loadBefore} → ${loadAfter}`);
  }
}

function report(
  say: (line?: string) => void,
  players: number,
  shape: 'one' | 'apart',
  control: Figures,
  questa: Figures,
  load: string,
) {
  const at = (values: number[], p: number) => percentile(values, p).toFixed(0);
  const where =
    shape === 'one'
      ? 'one process as `npm start` runs it (embedded PGlite)'
      : 'three API processes on PostgreSQL and Redis, players spread over them';
  say(`### Live room, a classroom's swarm: ${players.toLocaleString('en')} players, ${where}`);
  say();
  say(
    `${QUESTIONS} questions with a ${TIMER_MS / 1000} s timer; each player answers each question once at a random moment in its first ${ANSWER_WITHIN * 100} %; during question ${STORM_QUESTION} a tenth of the players drop for 0.3–1 s at a random moment and come back with their token. Every player is its own Socket.IO connection, spread over ${PLAYER_PROCESSES} bench processes; the control is a bare Socket.IO server driven the same way in the same run, first. 1-minute load average before → after: ${load}.`,
  );
  say();
  say('| measure | Questa p50 | Questa p95 | control p50 | control p95 | target | met |');
  say('| --- | ---: | ---: | ---: | ---: | --- | --- |');
  const row = (name: string, a: number[], b: number[], target: string, met: boolean) =>
    say(
      `| ${name} | ${at(a, 50)} | ${at(a, 95)} | ${at(b, 50)} | ${at(b, 95)} | ${target} | ${met ? 'yes' : 'no'} |`,
    );
  const p95 = (values: number[]) => percentile(values, 95);
  row('answer acknowledged (ms)', questa.ack, control.ack, 'p95 ≤ 100', p95(questa.ack) <= 100);
  row(
    'question delivered (ms)',
    questa.delivery,
    control.delivery,
    `p95 ≤ 1.5 × control (${(1.5 * p95(control.delivery)).toFixed(0)})`,
    p95(questa.delivery) <= 1.5 * p95(control.delivery),
  );
  row(
    'reconnected (ms)',
    questa.reconnect,
    control.reconnect,
    'p95 ≤ 2,000',
    p95(questa.reconnect) <= 2000,
  );
  say();
  say(
    `Timely answers refused as closed: ${questa.timelyRefused} (target 0); other refusals: ${questa.otherRefused}; answers without an acknowledgement: ${questa.lost}. Answers acknowledged: ${questa.ack.length.toLocaleString('en')} of ${(players * QUESTIONS).toLocaleString('en')}; stored, by the room's results after the game: ${questa.stored?.toLocaleString('en') ?? 'not read'}; deliveries measured: ${questa.delivery.length.toLocaleString('en')}.`,
  );
  say();
}
