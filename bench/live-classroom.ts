import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import type { LiveAck, LiveJoined, LiveRoomView } from '@questa/contracts';
import { freePort, someLiveAnswer, startQuesta } from '@questa/gateway/testing';
import { connectSocket, inBatches, openBenchRoom, percentile, until } from './live-room';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The classroom's shape: a 12 s timer, answers in its first 70 %, a tenth dropping once. */
const TIMER_MS = 12_000;
const ANSWER_WITHIN = 0.7;
const STORM_SHARE = 0.1;
const QUESTIONS = 3;
/** The question during which a tenth of the room drops for 0.3–1 s and comes back. */
const STORM_QUESTION = 2;

interface Figures {
  delivery: number[];
  ack: number[];
  reconnect: number[];
  timelyRefused: number;
  otherRefused: number;
  lost: number;
}

/** What the bench needs of a room, Questa's or the bare control's. */
interface Classroom {
  /** Connects one player (again), resolving once it is ready to answer. */
  connect(index: number): Promise<Socket>;
  /** Opens question `position`, resolving when the command is sent. */
  open(position: number): Promise<void>;
  /** Sends a player's answer, resolving with its acknowledgement. */
  answer(socket: Socket, position: number, question: unknown): Promise<LiveAck>;
  /** Resolves once question `position` is over and the next may open. */
  finish(position: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Plays `QUESTIONS` questions in a room of `players` independent clients: every player answers
 * each question once at a random moment in the first 70 % of its timer; during one question a
 * tenth of them drop for 0.3–1 s at a random moment and come back with their token.
 */
async function play(room: Classroom, players: number): Promise<Figures> {
  const figures: Figures = {
    delivery: [],
    ack: [],
    reconnect: [],
    timelyRefused: 0,
    otherRefused: 0,
    lost: 0,
  };
  const sockets = await inBatches(players, 100, (i) => room.connect(i));
  for (let position = 1; position <= QUESTIONS; position++) {
    const openedAt = performance.now();
    const waits = sockets.map(
      (socket) =>
        new Promise<unknown>((resolve) => {
          const listener = (view: { state: string; position: number; question?: unknown }) => {
            if (view.state !== 'question_open' || view.position !== position) return;
            socket.off('room', listener);
            figures.delivery.push(performance.now() - openedAt);
            resolve(view.question);
          };
          socket.on('room', listener);
        }),
    );
    await room.open(position);
    const storm = position === STORM_QUESTION;
    await Promise.all(
      waits.map(async (wait, i) => {
        const question = await wait;
        const answerAt = Math.random() * TIMER_MS * ANSWER_WITHIN;
        if (storm && i % Math.round(1 / STORM_SHARE) === 0) {
          const dropAt = Math.random() * TIMER_MS * 0.5;
          await new Promise((resolve) => setTimeout(resolve, dropAt));
          sockets[i]!.disconnect();
          await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 700));
          const back = performance.now();
          sockets[i] = await room.connect(i);
          figures.reconnect.push(performance.now() - back);
          const left = answerAt - (performance.now() - openedAt);
          if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        } else {
          await new Promise((resolve) => setTimeout(resolve, answerAt));
        }
        const sentAt = performance.now();
        try {
          const ack = await room.answer(sockets[i]!, position, question);
          if (ack.ok) figures.ack.push(performance.now() - sentAt);
          else if (ack.code === 'live.question_closed') figures.timelyRefused++;
          else figures.otherRefused++;
        } catch {
          figures.lost++;
        }
      }),
    );
    await room.finish(position);
  }
  for (const socket of sockets) socket.disconnect();
  return figures;
}

async function questaClassroom(players: number): Promise<Classroom> {
  const server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
  const bench = await openBenchRoom({
    hostUrl: server.url,
    playerUrls: [server.url],
    origin: server.url,
    players: 0,
    questions: QUESTIONS,
    timerSeconds: TIMER_MS / 1000,
  });
  const joined = await inBatches(players, 50, async (i) => {
    const response = await fetch(`${server.url}/api/rooms/join`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-questa-request': '1',
        origin: server.url,
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
  const send = (socket: Socket, message: unknown) =>
    socket.timeout(30_000).emitWithAck('message', message) as Promise<LiveAck>;
  return {
    connect: (i) =>
      new Promise((resolve, reject) => {
        const socket = connectSocket(server.url, {
          path: '/api/live',
          origin: server.url,
          auth: { roomId: bench.room.id, playerToken: joined[i]!.playerToken },
        });
        socket.once('you', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
    open: async (position) => {
      await send(bench.host, { type: position === 1 ? 'host.start' : 'host.next' });
    },
    answer: (socket, position, question) =>
      send(socket, {
        type: 'answer',
        position,
        answer: someLiveAnswer(question as never),
      }),
    finish: async (position) => {
      await until(() => reached('question_closed', position), `question ${position} to close`);
      await send(bench.host, { type: 'host.next' });
      await until(() => reached('leaderboard', position), `leaderboard ${position}`);
    },
    stop: async () => {
      bench.close();
      await server.stop();
    },
  };
}

async function bareClassroom(): Promise<Classroom> {
  const port = await freePort();
  const child = fork(path.join(here, 'broadcast-server.ts'), [String(port)], {
    execArgv: ['--import', 'tsx'],
  });
  await new Promise((resolve) => child.once('message', resolve));
  const url = `http://127.0.0.1:${port}`;
  const open = (auth: Record<string, unknown>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connectSocket(url, { path: '/live', origin: url, auth });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const host = await open({ host: true });
  return {
    connect: () => open({}),
    open: async (position) => {
      await host.timeout(30_000).emitWithAck('message', {
        payload: { state: 'question_open', position, question: { type: 'true_false' } },
      });
    },
    answer: (socket) =>
      socket.timeout(30_000).emitWithAck('message', { answer: true }) as Promise<LiveAck>,
    finish: async () => {},
    stop: async () => {
      host.disconnect();
      child.kill('SIGTERM');
    },
  };
}

/**
 * A classroom's swarm on one Questa process as `npm start` runs it, against a bare Socket.IO
 * server driven the same way in the same run.
 */
export async function benchLiveClassroom(
  say: (line?: string) => void,
  options: { players: number },
) {
  const run = async (make: (players: number) => Promise<Classroom>) => {
    const room = await make(options.players);
    try {
      return await play(room, options.players);
    } finally {
      await room.stop();
    }
  };
  const control = await run(bareClassroom);
  const questa = await run(questaClassroom);
  const p95 = (values: number[]) => percentile(values, 95).toFixed(0);
  say(
    `### Live room, a classroom's swarm: ${options.players.toLocaleString('en')} players, one process`,
  );
  say();
  say(
    `${QUESTIONS} questions with a ${TIMER_MS / 1000} s timer; each player answers each question once at a random moment in its first ${ANSWER_WITHIN * 100} %; during question ${STORM_QUESTION} a tenth of the players drop for 0.3–1 s at a random moment and come back with their token. Every client is its own Socket.IO connection in the bench's process; the control is a bare Socket.IO server driven the same way in the same run.`,
  );
  say();
  say('| measure | Questa p50 | Questa p95 | control p50 | control p95 | target |');
  say('| --- | ---: | ---: | ---: | ---: | --- |');
  const row = (name: string, a: number[], b: number[], target: string) =>
    say(
      `| ${name} | ${percentile(a, 50).toFixed(0)} | ${p95(a)} | ${percentile(b, 50).toFixed(0)} | ${p95(b)} | ${target} |`,
    );
  row('answer acknowledged (ms)', questa.ack, control.ack, 'p95 ≤ 100');
  row('question delivered (ms)', questa.delivery, control.delivery, 'p95 ≤ 1.5 × control');
  row('reconnected (ms)', questa.reconnect, control.reconnect, 'p95 ≤ 2,000');
  say();
  say(
    `Timely answers refused as closed: ${questa.timelyRefused} (target 0); other refusals: ${questa.otherRefused}; answers without an acknowledgement: ${questa.lost}. Answers acknowledged: ${questa.ack.length.toLocaleString('en')} of ${(options.players * QUESTIONS).toLocaleString('en')}.`,
  );
  say();
}
