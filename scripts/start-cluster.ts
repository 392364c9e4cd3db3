// `npm run start:cluster`: Questa's services as separate processes behind HAProxy, on this machine.
// `npm run start:cluster -- --rolling-restart` asks a running cluster to restart its API processes.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadClusterConfig } from '@questa/config';
import {
  clusterProcesses,
  repoRoot,
  startCluster,
  type ClusterSettings,
} from '@questa/gateway/cluster';
import { sandboxKeysIn } from '@questa/payments-sandbox';

const clusterDir = path.join(repoRoot, '.questa-cluster');
const pidFile = path.join(clusterDir, 'cluster.pid');

if (process.argv.includes('--rolling-restart')) {
  const pid = Number(await readFile(pidFile, 'utf8').catch(() => ''));
  if (!pid) fail('No cluster is running here (start one with `npm run start:cluster`).');
  try {
    process.kill(pid, 'SIGUSR2');
  } catch {
    fail(`The cluster that wrote ${pidFile} (process ${pid}) is not running any more.`);
  }
  console.log(
    `Asked the cluster (process ${pid}) to restart its API processes one at a time; its own output shows each step.`,
  );
  process.exit(0);
}

let config: ReturnType<typeof loadClusterConfig>;
try {
  config = loadClusterConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(`Questa's cluster could not start: ${error.message}`);
  throw error;
}
const haproxy = await findHaproxy();
if (!haproxy) {
  fail(
    'HAProxy is not installed. Install it with `sudo apt-get install haproxy` (or set HAPROXY to its path) and start again.',
  );
}

// HAProxy takes PORT, its stats page the next one, the processes behind it those after.
const names = [
  'identity',
  'question-db',
  'payments-sandbox',
  'api-1',
  'api-2',
  'api-3',
  'web',
] as const;
const portOf = (name: string) => config.port + 2 + names.indexOf(name as (typeof names)[number]);
await mkdir(clusterDir, { recursive: true });
const settings: ClusterSettings = {
  publicUrl: `http://${config.host}:${config.port}`,
  databaseUrl: config.databaseUrl,
  redisUrl: config.redisUrl,
  redisKeyPrefix: config.redisKeyPrefix,
  // Made up at each start: both ends of the registration start here together.
  oidcClientSecret: randomBytes(32).toString('base64url'),
  sandboxKeys: await sandboxKeysIn(clusterDir),
  listenHost: '127.0.0.1',
  addressOf: (name) => ({ host: '127.0.0.1', port: portOf(name) }),
  dataDirOf: (_service, name) => path.join(clusterDir, name),
};
const plan = clusterProcesses(settings);
for (const running of plan) {
  if (!names.includes(running.name as (typeof names)[number])) {
    fail(`The cluster plan has a process this script gives no port: ${running.name}.`);
  }
  await mkdir(settings.dataDirOf(running.service, running.name), { recursive: true });
}

const width = Math.max(...[...names, 'first-start', 'haproxy'].map((name) => name.length));
const say = (message: string) => console.log(`${'cluster'.padEnd(width)} │ ${message}`);
let stopping = false;
say('Starting the first start (migrations and demo content), then the services…');
const cluster = await startCluster({
  settings,
  binds: { bind: `${config.host}:${config.port}`, statsBind: `127.0.0.1:${config.port + 1}` },
  haproxyPath: haproxy,
  env: process.stdout.isTTY ? { LOG_FORMAT: 'pretty' } : {},
  onLine: (name, line) => console.log(`${name.padEnd(width)} │ ${line}`),
  onUnexpectedExit(name, code, signal) {
    const how = signal ? `by ${signal}` : `with code ${code}`;
    if (name.startsWith('api-')) {
      say(
        `${name} ended ${how} and is not restarted; HAProxy sends its work to the others. ` +
          '`npm run start:cluster -- --rolling-restart` starts it again.',
      );
      return;
    }
    if (stopping) return;
    say(`${name} ended ${how}; the cluster cannot go on without it and stops.`);
    void shutdown(1);
  },
}).catch((error: unknown) => fail(`Questa's cluster could not start: ${(error as Error).message}`));

await writeFile(pidFile, `${process.pid}\n`);
console.log(`
Questa's cluster is ready at ${cluster.url}
  processes    ${plan.map((running) => `${running.name} :${settings.addressOf(running.name).port}`).join(', ')}
  HAProxy      stats at ${cluster.statsUrl}/
  restart      npm run start:cluster -- --rolling-restart (the API processes, one at a time)
  demo accounts: learner@questa.test, author@questa.test, teacher@questa.test, admin@questa.test
               (password "practice-makes-perfect"); Ctrl-C stops everything.
`);

let restarting: Promise<void> | undefined;
process.on('SIGUSR2', () => {
  if (restarting || stopping) return say('A rolling restart is already under way.');
  restarting = cluster
    .rollingRestart(say)
    .then(() => say('Rolling restart done: every API process is new.'))
    .catch((error: unknown) => say(`The rolling restart stopped: ${(error as Error).message}`))
    .finally(() => (restarting = undefined));
});
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  // A second Ctrl-C means "now".
  process.once('SIGINT', () => process.exit(1));
  say('Stopping: HAProxy first, then the API and web processes, then the services they call…');
  await cluster.stop();
  await rm(pidFile, { force: true });
  say('Stopped.');
  process.exit(code);
}

async function findHaproxy(): Promise<string | undefined> {
  const candidates = config.haproxy
    ? [config.haproxy]
    : config.searchPath.map((dir) => path.join(dir, 'haproxy'));
  for (const candidate of candidates) {
    if (
      await access(candidate, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
