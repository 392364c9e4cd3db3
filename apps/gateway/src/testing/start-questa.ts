import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcessEnv } from '@questa/config';
import { freePort, stopChild } from '../cluster/processes';

export { freePort, stopChild };

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** The server's process, e.g. for a bench to read the CPU time it used. */
  pid: number | undefined;
  output: () => string;
  stop(): Promise<number | null>;
  /** Ends the process at once (SIGKILL), as a crash or a pulled plug would; keeps the data. */
  kill(): Promise<void>;
}

/** Runs the gateway's entry point as `npm start` does, without waiting for anything. */
export function spawnQuesta(env: Record<string, string>, unset: string[] = []) {
  return spawnEntry('apps/gateway/src/main.ts', env, unset);
}

/**
 * Runs one of Questa's entry points (a path from the repository's root) under tsx, as the npm
 * `start` script of its workspace does, without waiting for anything.
 */
export function spawnEntry(
  entry: string,
  env: Record<string, string>,
  unset: string[] = [],
  args: string[] = [],
) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, entry), ...args], {
    cwd: repoRoot,
    env: childProcessEnv({ LOG_LEVEL: 'warn', ...env }, [
      'DATABASE_URL',
      'INIT_CWD',
      'NODE_ENV',
      ...unset,
    ]),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, output: () => output, exited };
}

/**
 * Starts Questa exactly as `npm start` does (the gateway's entry point under tsx) on a free port
 * with a fresh data folder and the embedded database, and waits until it is healthy.
 */
export async function startQuesta(
  options: {
    dataDir?: string;
    keepDataDir?: boolean;
    /** A port to reuse, e.g. to start again where a killed server ran. */
    port?: number;
    /** More settings for the process, e.g. a short exam grace period. */
    env?: Record<string, string>;
  } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'questa-e2e-')));
  const { child, output, exited } = spawnQuesta({
    ...LIMITS_FOR_TEST_LOAD,
    ...options.env,
    PORT: String(port),
    QUESTA_DATA_DIR: dataDir,
  });
  const url = `http://localhost:${port}`;
  await waitForHealth(url, child, output);
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    output,
    async stop() {
      const code = await stopChild(child);
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until the process answers its health check (`/api/health` unless told otherwise). */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  healthPath = '/api/health',
) {
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`Questa exited with ${child.exitCode} before it was ready:\n${output()}`);
    }
    const ok = await fetch(`${url}${healthPath}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Questa did not become healthy in time:\n${output()}`);
}

/**
 * A test's clients all come from loopback, where the people they stand for would come from many
 * addresses, and a load test asks for one person's session far faster than anyone would: the
 * request limits would refuse what the test is about. Tests of the limits themselves build the
 * services with their own settings.
 */
export const LIMITS_FOR_TEST_LOAD: Record<string, string> = {
  RATE_LIMIT_PER_ADDRESS: '100000',
  RATE_LIMIT_PER_SESSION: '100000',
};
