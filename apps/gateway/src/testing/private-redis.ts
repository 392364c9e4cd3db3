import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort, stopChild } from './start-questa';

export interface PrivateRedis {
  url: string;
  port: number;
  /** Ends the server at once (SIGKILL): everything it held is gone, as after a crash. */
  kill(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own on a free loopback port, keeping nothing on disk, so a test
 * can take it away and bring it back without touching the machine's Redis.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  async function start() {
    output = '';
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const spawned = child;
    const failed = new Promise<never>((_, reject) => {
      spawned.once('error', reject);
      spawned.once('exit', (code) =>
        reject(new Error(`redis-server exited with ${code} before it answered:\n${output}`)),
      );
    });
    await Promise.race([failed, waitForPong(url)]);
  }

  await start();
  return {
    url,
    port,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    start,
    async stop() {
      if (child) await stopChild(child);
    },
  };
}

async function waitForPong(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`redis-server at ${url} did not answer in time`);
    } finally {
      probe.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
