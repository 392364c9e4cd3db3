import { fork, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createApiCore, createHttpQuestionDbClient } from '@questa/api';
import { CSRF_HEADER } from '@questa/contracts';
import { openDatabase } from '@questa/db';
import { stopChild } from '@questa/gateway/testing';
import type { UserRow } from '@questa/api';
import { TEST_ORIGIN, unreachableOidcClient } from '@questa/api/testing';
import type { Key, Rotation } from './answer-keys';
import type { AnswerServerOptions } from './answer-server';
import { startCpuMeter, type CoresUsed } from './cpu';
import { summarizeProfiles } from './profile-summary';
import { startWaitSampler, withApplicationName, type WaitProfile } from './wait-sampler';

/** application_name of the API processes' connections, to watch them in pg_stat_activity. */
export const API_CONNECTIONS = 'questa-bench-api';
const SERVICE_CONNECTIONS = 'questa-bench-service';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface AnswerRun {
  label: string;
  processes: number;
  connections: number;
  seconds: number;
  /** Answers acknowledged with a 2xx. */
  saved: number;
  answersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx responses, errors and timeouts: must be 0. */
  failed: number;
  firstFailure: string | undefined;
  cores: CoresUsed;
  /** What the run's database connections were doing, sampled. */
  waits: WaitProfile;
  /** Where the API processes spent their CPU, when profiled. */
  profile?: { dir: string } & Awaited<ReturnType<typeof summarizeProfiles>>;
}

export async function startApiProcesses(count: number, options: AnswerServerOptions) {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const child = fork(path.join(here, 'answer-server.ts'), [], {
        execArgv: ['--import', 'tsx'],
      });
      children.push(child);
      const ready = new Promise<{ port: number }>((resolve, reject) => {
        child.once('message', (message) => resolve(message as { port: number }));
        child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
      });
      child.send(options);
      ports.push((await ready).port);
    }
  } catch (error) {
    await Promise.all(children.map((child) => stopChild(child)));
    throw error;
  }
  /** Starts or stops a CPU profile in every process, and waits until they have done it. */
  const profile = (command: 'start' | 'stop', dir = '') =>
    Promise.all(
      children.map(
        (child, index) =>
          new Promise((resolve) => {
            child.once('message', resolve);
            child.send(
              command === 'start'
                ? { profile: 'start' }
                : { profile: 'stop', file: path.join(dir, `api-${index + 1}.cpuprofile`) },
            );
          }),
      ),
    );
  return {
    profile,
    pids: children.map((child) => child.pid!),
    urls: ports.map((port) => `http://127.0.0.1:${port}`),
    stop: () => Promise.all(children.map((child) => stopChild(child))),
  };
}

async function driveHttp(
  urls: string[],
  next: Rotation,
  options: { connections: number; seconds: number },
) {
  const failures: string[] = [];
  const result = await autocannon({
    // autocannon spreads the connections over several URLs; its types allow one.
    url: urls as unknown as string,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request, context) => {
          const { key, round, answer } = next();
          Object.assign(context, { key, round });
          return {
            ...request,
            method: 'PUT',
            path: `/api/exams/${key.attemptId}/responses/${key.position}`,
            headers: {
              cookie: key.cookie,
              'content-type': 'application/json',
              [CSRF_HEADER]: '1',
              origin: TEST_ORIGIN,
            },
            body: JSON.stringify({ answer }),
          };
        },
        onResponse: (status, body, context) => {
          const { key, round } = context as { key: Key; round: number };
          if (status >= 200 && status < 300) key.lastSaved = Math.max(key.lastSaved, round);
          else if (failures.length < 3) failures.push(`${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  return { result, failures };
}

export async function measureHttp(
  label: string,
  databaseUrl: string,
  api: Awaited<ReturnType<typeof startApiProcesses>>,
  next: Rotation,
  options: { connections: number; seconds: number; warmUpSeconds: number; profileDir?: string },
): Promise<AnswerRun> {
  if (options.warmUpSeconds > 0) {
    await driveHttp(api.urls, next, { ...options, seconds: options.warmUpSeconds });
  }
  const waits = await startWaitSampler(databaseUrl, API_CONNECTIONS);
  if (options.profileDir) await api.profile('start');
  const cpu = startCpuMeter(api.pids);
  const { result, failures } = await driveHttp(api.urls, next, options);
  const cores = cpu();
  let profile: AnswerRun['profile'];
  if (options.profileDir) {
    await mkdir(options.profileDir, { recursive: true });
    await api.profile('stop', options.profileDir);
    profile = { dir: options.profileDir, ...(await summarizeProfiles(options.profileDir)) };
  }
  return {
    profile,
    label,
    processes: api.urls.length,
    connections: options.connections,
    seconds: result.duration,
    saved: result['2xx'],
    answersPerSecond: result['2xx'] / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    firstFailure: failures[0],
    cores,
    waits: await waits(),
  };
}

/**
 * The exam service's save alone, from this process through the same code and pool size as the
 * API: what validation, the service and PostgreSQL take when HTTP and sessions cost nothing.
 */
export async function measureService(
  databaseUrl: string,
  questionDbUrl: string,
  next: Rotation,
  options: { workers: number; seconds: number; maxConnections: number },
): Promise<AnswerRun> {
  const database = await openDatabase({
    databaseUrl: withApplicationName(databaseUrl, SERVICE_CONNECTIONS),
    maxConnections: options.maxConnections,
  });
  const core = createApiCore({
    database,
    questionDb: createHttpQuestionDbClient({ baseUrl: questionDbUrl }),
    oidc: unreachableOidcClient(),
    publicUrl: TEST_ORIGIN,
    secureCookies: false,
  });
  const users = new Map<string, Promise<UserRow | undefined>>();
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | undefined;
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const { key, round, answer } = next();
      if (!users.has(key.userId)) users.set(key.userId, core.users.findById(key.userId));
      const user = (await users.get(key.userId))!;
      const begin = performance.now();
      try {
        await core.learning.exams.saveResponse(user, key.attemptId, key.position, answer);
      } catch (error) {
        failed++;
        firstFailure ??= String(error);
        continue;
      }
      key.lastSaved = Math.max(key.lastSaved, round);
      if (record) latencies.push(performance.now() - begin);
    }
  };
  try {
    const warmUntil = performance.now() + 2000;
    await Promise.all(Array.from({ length: options.workers }, () => run(warmUntil, false)));
    failed = 0;
    const waits = await startWaitSampler(databaseUrl, SERVICE_CONNECTIONS);
    const cpu = startCpuMeter([]);
    const started = performance.now();
    const until = started + options.seconds * 1000;
    await Promise.all(Array.from({ length: options.workers }, () => run(until, true)));
    const seconds = (performance.now() - started) / 1000;
    const cores = cpu();
    latencies.sort((a, b) => a - b);
    return {
      label: `exam service alone, no HTTP or session (${options.workers} concurrent saves)`,
      processes: 1,
      connections: options.workers,
      seconds,
      saved: latencies.length,
      answersPerSecond: latencies.length / seconds,
      p50Ms: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
      p99Ms: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      failed,
      firstFailure,
      // The service runs in this process here: it is the API side.
      cores: { ...cores, api: cores.bench, bench: 0 },
      waits: await waits(),
    };
  } finally {
    await database.close();
  }
}
