import { checkRuntime, childProcessEnv, loadConfig, loadScaledTimeout } from '@questa/config';
import { freePort, spawnCommand, stopChild, waitUntilReady } from './cluster/processes';

/**
 * The first start of Questa's services apart, which never write demo content themselves: runs
 * `npm start` once on DATABASE_URL, which migrates every service's schema and writes the demo
 * banks, accounts and media (into QUESTA_DATA_DIR, the question database's data folder) the first
 * time, then stops it. Later runs find everything in place and only check the migrations.
 */
checkRuntime();
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The first start needs DATABASE_URL: the PostgreSQL database the services share.');
  process.exit(1);
}
console.log('First start: migrating every schema, writing demo content the first time…');
const port = await freePort();
// Its own banner would name an address that is gone a moment later: shown only if it fails.
const lines: string[] = [];
const child = spawnCommand(
  ['node', '--import', 'tsx', 'apps/gateway/src/main.ts'],
  // Only this run's own addresses: a cluster's settings would send it to processes not yet there.
  childProcessEnv({ PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json' }, [
    'PUBLIC_URL',
    'REDIS_URL',
    'OIDC_ISSUER',
    'QDB_URL',
    'S3_BUCKET',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'SHUTDOWN_DRAIN_MS',
  ]),
  (line) => lines.push(line),
);
// Building the web client is part of it when the build is missing or stale.
const unready = await waitUntilReady(
  `http://127.0.0.1:${port}/api/health/ready`,
  child,
  'The first start',
  loadScaledTimeout(300_000),
).then(
  () => undefined,
  (error: unknown) => error,
);
const code = await stopChild(child);
if (unready || code !== 0) {
  console.error(lines.join('\n'));
  console.error(unready ? (unready as Error).message : `The first start ended with code ${code}.`);
  process.exit(1);
}
console.log('First start done: schemas migrated, demo content in place.');
process.exit(0);
