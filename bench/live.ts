import { io, type Socket } from 'socket.io-client';
import type { LiveAck, LiveJoined, LiveRoomSummary, LiveRoomView } from '@questa/contracts';
import { signInOverHttp, someLiveAnswer, startQuesta } from '@questa/gateway/testing';

const PASSWORD = 'practice-makes-perfect';

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function inBatches<T>(count: number, size: number, work: (index: number) => Promise<T>) {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(size, count - start) }, (_, i) => work(start + i)),
    );
    results.push(...batch);
  }
  return results;
}

/**
 * One room of `players` real Socket.IO clients on loopback through `questions` questions, on one
 * Questa process as `npm start` runs it. Measures, by this process's clock: from the host's
 * command that opens a question to each player receiving it, and from an answer sent to its
 * acknowledgement. Players answer at random within the first three seconds, as a room does.
 */
export async function benchLive(
  say: (line?: string) => void,
  options: { players: number; questions: number },
) {
  const server = await startQuesta({ env: { LOG_LEVEL: 'warn' } });
  const sockets: Socket[] = [];
  try {
    const host = await signInOverHttp(server.url, 'author@questa.test', PASSWORD);
    const post = async (path: string, body: unknown, cookie?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-questa-request': '1',
          origin: server.url,
          ...(cookie && { cookie }),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<unknown>;
    };
    const catalog = (await (await fetch(`${server.url}/api/catalog/banks`)).json()) as {
      banks: { id: string; title: string }[];
    };
    const bankId = catalog.banks.find((bank) => bank.title === 'World Geography')!.id;
    const room = (await post(
      '/api/rooms',
      { bankId, count: options.questions, settings: { timerSeconds: 30 } },
      host,
    )) as LiveRoomSummary;

    const joinStarted = performance.now();
    const joined = await inBatches(options.players, 50, (i) =>
      post('/api/rooms/join', { code: room.code, nickname: `Player ${i + 1}` }),
    );
    const joinSeconds = (performance.now() - joinStarted) / 1000;

    const connect = (auth: Record<string, unknown>, cookie?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(server.url, {
          path: '/api/live',
          transports: ['websocket'],
          auth,
          extraHeaders: { origin: server.url, ...(cookie && { cookie }) },
          reconnection: false,
          timeout: 120_000,
        });
        sockets.push(socket);
        socket.once('you', () => resolve(socket));
        socket.once('host', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const hostSocket = await connect({ roomId: room.id, host: true }, host);
    const send = (socket: Socket, message: unknown) =>
      socket.timeout(60_000).emitWithAck('message', message) as Promise<LiveAck>;

    const openLatency: number[] = [];
    const ackLatency: number[] = [];
    let commandAt = 0;
    let acks = 0;
    let refused = 0;
    let lost = 0;
    let disconnects = 0;
    const seen = new Set<string>();

    await inBatches(joined.length, 100, async (i) => {
      const player = joined[i] as LiveJoined;
      const socket = await connect({ roomId: room.id, playerToken: player.playerToken });
      socket.on('disconnect', () => disconnects++);
      socket.on('room', (view: LiveRoomView) => {
        if (view.state !== 'question_open' || !view.question) return;
        const key = `${i}:${view.position}`;
        if (seen.has(key)) return;
        seen.add(key);
        openLatency.push(performance.now() - commandAt);
        const question = view.question;
        setTimeout(() => {
          const sentAt = performance.now();
          void send(socket, {
            type: 'answer',
            position: view.position,
            answer: someLiveAnswer(question),
          })
            .then((ack) => {
              if (ack.ok) ackLatency.push(performance.now() - sentAt);
              else refused++;
            })
            .catch(() => lost++)
            .finally(() => acks++);
        }, Math.random() * 3000);
      });
    });

    const hostRooms: LiveRoomView[] = [];
    hostSocket.on('room', (view: LiveRoomView) => hostRooms.push(view));
    const until = async (check: () => boolean, what: string) => {
      const deadline = Date.now() + 120_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`bench: timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    const gameStarted = performance.now();
    for (let position = 1; position <= room.questionCount; position++) {
      const before = acks;
      commandAt = performance.now();
      await send(hostSocket, { type: position === 1 ? 'host.start' : 'host.next' });
      // Every player still connected answers (or the question closes without them).
      await until(
        () =>
          acks - before >= joined.length - disconnects ||
          hostRooms.some((view) => view.state === 'question_closed' && view.position === position),
        `answers to question ${position}`,
      );
      await until(
        () =>
          hostRooms.some((view) => view.state === 'question_closed' && view.position === position),
        `question ${position} to close`,
      );
      await send(hostSocket, { type: 'host.next' });
      await until(
        () => hostRooms.some((view) => view.state === 'leaderboard' && view.position === position),
        `leaderboard ${position}`,
      );
    }
    const gameSeconds = (performance.now() - gameStarted) / 1000;

    const row = (name: string, values: number[]) =>
      say(
        `| ${name} | ${values.length.toLocaleString('en')} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`,
      );
    say(
      `### Live room: ${joined.length.toLocaleString('en')} players, ${room.questionCount} questions, one process`,
    );
    say();
    say(
      `Real Socket.IO clients on loopback, in the bench's own process; Questa as \`npm start\` runs it. ${joined.length.toLocaleString('en')} joins took ${joinSeconds.toFixed(1)} s; the game ${gameSeconds.toFixed(1)} s (answers spread over 3 s per question).`,
    );
    say();
    say('| measure | samples | p50 ms | p95 ms | p99 ms |');
    say('| --- | ---: | ---: | ---: | ---: |');
    row('question opens → player receives it', openLatency);
    row('answer sent → acknowledged', ackLatency);
    say();
    say(
      `Answers refused: ${refused} (e.g. after the question closed); lost with a dropped connection: ${lost}; connections dropped: ${disconnects}.`,
    );
    say();
  } catch (error) {
    // What the server said is the best clue to why a run went wrong.
    console.error(server.output().slice(-6000));
    throw error;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
}
