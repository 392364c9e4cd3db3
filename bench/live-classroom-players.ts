import type { Socket } from 'socket.io-client';
import type { LearnerQuestion, LiveAck } from '@questa/contracts';
import { someLiveAnswer } from '@questa/gateway/testing';
import { connectSocket } from './live-room';

/**
 * A share of a classroom's players in a process of its own, forked by `live-classroom.ts`: one
 * process cannot hold 2,000 Socket.IO clients on a busy machine and still take its own times
 * honestly. The parent says what to do over IPC; this process sends back raw samples, with the
 * times of receipt on the machine's clock (`wallNow`) so the parent can set them against the
 * moment it sent the host's command.
 */

/** Who a player is to the server under test: where it connects and how it proves itself. */
export interface ClassroomSeat {
  index: number;
  url: string;
  auth: Record<string, unknown>;
}

export type ToPlayers =
  | {
      type: 'connect';
      kind: 'questa' | 'bare';
      path: string;
      origin: string;
      seats: ClassroomSeat[];
    }
  | {
      type: 'arm';
      position: number;
      storm: boolean;
      stormEvery: number;
      timerMs: number;
      answerWithin: number;
    }
  | { type: 'leave' };

export interface PlayedQuestion {
  type: 'played';
  position: number;
  /** When each player received the open question, on the machine's clock. */
  received: number[];
  ack: number[];
  reconnect: number[];
  timelyRefused: number;
  otherRefused: number;
  lost: number;
}

export type FromPlayers =
  { type: 'connected' } | { type: 'armed' } | PlayedQuestion | { type: 'failed'; error: string };

/** Milliseconds on the machine's clock, comparable between processes. */
export const wallNow = () => performance.timeOrigin + performance.now();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

let setup: Extract<ToPlayers, { type: 'connect' }> | undefined;
const sockets = new Map<number, Socket>();

function connect(seat: ClassroomSeat): Promise<Socket> {
  const { kind, path, origin } = setup!;
  return new Promise((resolve, reject) => {
    const socket = connectSocket(seat.url, { path, origin, auth: seat.auth });
    // A Questa player is ready once it has its own view; a bare client once it is connected.
    socket.once(kind === 'questa' ? 'you' : 'connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function answerOf(position: number, question: unknown) {
  return setup!.kind === 'questa'
    ? { type: 'answer', position, answer: someLiveAnswer(question as LearnerQuestion) }
    : { answer: true };
}

async function play(order: Extract<ToPlayers, { type: 'arm' }>, armed: () => void) {
  const played: PlayedQuestion = {
    type: 'played',
    position: order.position,
    received: [],
    ack: [],
    reconnect: [],
    timelyRefused: 0,
    otherRefused: 0,
    lost: 0,
  };
  const seats = setup!.seats;
  const waits = seats.map((seat) => {
    const socket = sockets.get(seat.index)!;
    return new Promise<{ question: unknown; at: number }>((resolve) => {
      const listener = (view: { state: string; position: number; question?: unknown }) => {
        if (view.state !== 'question_open' || view.position !== order.position) return;
        socket.off('room', listener);
        const at = performance.now();
        played.received.push(wallNow());
        resolve({ question: view.question, at });
      };
      socket.on('room', listener);
    });
  });
  armed();
  await Promise.all(
    seats.map(async (seat, i) => {
      const { question, at } = await waits[i]!;
      const answerAt = Math.random() * order.timerMs * order.answerWithin;
      if (order.storm && seat.index % order.stormEvery === 0) {
        await pause(Math.random() * order.timerMs * 0.5);
        sockets.get(seat.index)!.disconnect();
        await pause(300 + Math.random() * 700);
        const back = performance.now();
        sockets.set(seat.index, await connect(seat));
        played.reconnect.push(performance.now() - back);
      }
      await pause(answerAt - (performance.now() - at));
      const sentAt = performance.now();
      try {
        const ack = (await sockets
          .get(seat.index)!
          .timeout(30_000)
          .emitWithAck('message', answerOf(order.position, question))) as LiveAck;
        if (ack.ok) played.ack.push(performance.now() - sentAt);
        else if (ack.code === 'live.question_closed') played.timelyRefused++;
        else played.otherRefused++;
      } catch {
        played.lost++;
      }
    }),
  );
  return played;
}

const reply = (message: FromPlayers) => process.send!(message);

process.on('message', (message: ToPlayers) => {
  const work = async () => {
    if (message.type === 'connect') {
      setup = message;
      // In batches, as a classroom's phones arrive over a minute rather than in one instant.
      for (let start = 0; start < message.seats.length; start += 50) {
        const batch = message.seats.slice(start, start + 50);
        const connected = await Promise.all(batch.map((seat) => connect(seat)));
        batch.forEach((seat, i) => sockets.set(seat.index, connected[i]!));
      }
      reply({ type: 'connected' });
    } else if (message.type === 'arm') {
      reply(await play(message, () => reply({ type: 'armed' })));
    } else {
      for (const socket of sockets.values()) socket.disconnect();
      process.exit(0);
    }
  };
  work().catch((error: unknown) => {
    reply({ type: 'failed', error: error instanceof Error ? error.stack! : String(error) });
  });
});
