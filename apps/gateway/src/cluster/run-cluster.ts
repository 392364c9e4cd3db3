import type { ChildProcess } from 'node:child_process';
import { childProcessEnv, loadScaledTimeout } from '@questa/config';
import {
  API_REPLICAS,
  clusterProcesses,
  DRAIN_MS,
  FIRST_START_COMMAND,
  firstStartEnv,
  haproxyEnv,
  START_ORDER,
  type ClusterProcess,
  type ClusterSettings,
} from './plan';
import { isRunning, spawnCommand, stopChild, waitUntilReady } from './processes';

export const HAPROXY_CONFIG = 'deploy/haproxy.cfg';

export interface ClusterOptions {
  settings: ClusterSettings;
  /** HAProxy's frontend and stats page, `host:port` each. */
  binds: { bind: string; statsBind: string };
  haproxyPath: string;
  /** Settings every process gets besides its own, e.g. a log level. */
  env?: Record<string, string>;
  /** Every line a process prints, with its name (`haproxy` and `first-start` included). */
  onLine(name: string, line: string): void;
  /** A process ended that nobody stopped; the cluster restarts nothing by itself. */
  onUnexpectedExit(name: string, code: number | null, signal: string | null): void;
}

export interface RunningCluster {
  url: string;
  statsUrl: string;
  processes: ClusterProcess[];
  /** The operating-system process of `name`, while it runs. */
  childOf(name: string): ChildProcess | undefined;
  /** HAProxy's view of every server: `api-1` → `UP`, `DOWN`, `MAINT`, … */
  serverStates(): Promise<Record<string, string>>;
  /** Restarts the API processes one at a time, each ready and back in HAProxy before the next. */
  rollingRestart(log?: (message: string) => void): Promise<void>;
  /** Stops HAProxy first, then the API and web processes, then the services they call. */
  stop(): Promise<void>;
}

/**
 * Starts Questa as the plan lists it: the first start, then the services in START_ORDER, each
 * waited for, then HAProxy in front, waited for until it sees every process up.
 */
export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  const { settings } = options;
  const processes = clusterProcesses(settings);
  // Nothing set for one role leaks into another from the launcher's own environment.
  const planned = new Set(processes.flatMap((running) => Object.keys(running.env)));
  const children = new Map<string, ChildProcess>();
  const stopping = new Set<string>();
  const statsUrl = `http://${options.binds.statsBind}`;
  const setupMs = loadScaledTimeout(120_000);

  const launch = (name: string, command: string[], env: Record<string, string>) => {
    const child = spawnCommand(
      command,
      childProcessEnv({ ...options.env, ...env }, [...planned]),
      (line) => options.onLine(name, line),
    );
    children.set(name, child);
    child.once('exit', (code, signal) => {
      if (children.get(name) === child) children.delete(name);
      if (!stopping.has(name)) options.onUnexpectedExit(name, code, signal);
    });
    return child;
  };

  const startProcess = async (running: ClusterProcess) => {
    stopping.delete(running.name);
    const child = launch(running.name, running.command, running.env);
    const { host, port } = settings.addressOf(running.name);
    await waitUntilReady(
      `http://${host}:${port}${running.readyPath}`,
      child,
      running.name,
      setupMs,
    );
  };

  const stopProcess = async (name: string) => {
    const child = children.get(name);
    if (!child) return;
    stopping.add(name);
    // A draining process answers for DRAIN_MS, then finishes what is in flight.
    await stopChild(child, 'SIGTERM', DRAIN_MS + 15_000);
  };

  const serverStates = async () => {
    const csv = await fetch(`${statsUrl}/;csv`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.text(),
    );
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const name = columns.indexOf('svname');
    const status = columns.indexOf('status');
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(',');
      const server = cells[name]!;
      if (server !== 'FRONTEND' && server !== 'BACKEND') states[server] = cells[status]!;
    }
    return states;
  };

  /** Waits until HAProxy sees every server of `names` up, or (`down`) out of service. */
  const until = async (names: string[], wanted: 'up' | 'down' = 'up') => {
    const deadline = Date.now() + setupMs;
    // `DOWN 1/2` is a server on its way back, still sent nothing.
    const holds = (state = '') => (wanted === 'up' ? state === 'UP' : state.startsWith('DOWN'));
    for (;;) {
      const states = await serverStates().catch(() => ({}) as Record<string, string>);
      if (names.every((server) => holds(states[server]))) return;
      if (Date.now() > deadline) {
        throw new Error(
          `HAProxy did not see ${names.join(', ')} ${wanted}: ${JSON.stringify(states)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const stop = async () => {
    await stopProcess('haproxy');
    for (const group of [...START_ORDER].reverse()) {
      await Promise.all(
        processes
          .filter((running) => group.includes(running.service))
          .map((running) => stopProcess(running.name)),
      );
    }
    await stopProcess('first-start');
  };

  try {
    const firstStart = launch('first-start', FIRST_START_COMMAND, firstStartEnv(settings));
    stopping.add('first-start');
    const code = await new Promise<number | null>((resolve) => {
      if (!isRunning(firstStart)) resolve(firstStart.exitCode);
      else firstStart.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`The first start failed (exit ${code}); see its lines above.`);

    for (const group of START_ORDER) {
      await Promise.all(
        processes.filter((running) => group.includes(running.service)).map(startProcess),
      );
    }
    const haproxy = launch(
      'haproxy',
      [options.haproxyPath, '-db', '-f', HAPROXY_CONFIG],
      haproxyEnv(settings, options.binds),
    );
    await until(processes.map((running) => running.name));
    // HAProxy takes every server for up until its checks fail: a cluster run with fewer API
    // processes than it names is ready once the missing ones are out.
    const missing = Array.from(
      { length: API_REPLICAS - (settings.apiProcesses ?? API_REPLICAS) },
      (_, i) => `api-${API_REPLICAS - i}`,
    );
    await until(missing, 'down');
    if (!isRunning(haproxy)) throw new Error('HAProxy exited; see its lines above.');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: settings.publicUrl,
    statsUrl,
    processes,
    childOf: (name) => children.get(name),
    serverStates,
    async rollingRestart(log = () => {}) {
      for (const running of processes.filter((candidate) => candidate.service === 'api')) {
        log(`Restarting ${running.name}…`);
        await stopProcess(running.name);
        await startProcess(running);
        await until([running.name]);
        log(`${running.name} is back in service.`);
      }
    },
    stop,
  };
}
