import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs a plan's command (`node …` from the repository's root) on the Node.js running this
 * process, which the npm scripts put first: the Node 24 that `npm ci` installed.
 */
export function spawnCommand(
  command: string[],
  env: NodeJS.ProcessEnv,
  onLine: (line: string) => void,
): ChildProcess {
  const [program, ...args] = command;
  const child = spawn(program === 'node' ? process.execPath : program!, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
    stream?.on('end', () => rest && onLine(rest));
  }
  return child;
}

export const isRunning = (child: ChildProcess) =>
  child.exitCode === null && child.signalCode === null;

/** Resolves once `url` answers 200; fails when the process exits first or `timeoutMs` passes. */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(child)) {
      throw new Error(
        `${what} exited (${child.exitCode ?? child.signalCode}) before it was ready.`,
      );
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s (${url}).`);
}

/** Sends `signal` and waits for the exit; after `graceMs` without one, SIGKILL. */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<number | null> {
  // A process that has exited, by itself or by a signal (SIGKILL leaves no exit code), is stopped.
  if (!isRunning(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve(code);
    });
    child.kill(signal);
  });
}
