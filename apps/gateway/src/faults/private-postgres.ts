import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../testing';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** The cluster's `postgres` database as its superuser, for `startDistributedQuesta`. */
  adminUrl: string;
  /** `pg_ctl stop -m fast`: sessions are ended and the server goes away until `start`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, resolving once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

/**
 * Why a private PostgreSQL cluster cannot be made on this machine, or undefined when it can:
 * the binaries must be there and the tests must be able to run them as `postgres`.
 */
export function privatePostgresUnavailable(): string | undefined {
  if (!existsSync(path.join(BIN, 'initdb'))) return `${BIN}/initdb is missing`;
  if (process.getuid?.() !== 0) return 'initdb must run as postgres, which needs root to switch to';
  if (!existsSync('/usr/sbin/runuser')) return 'runuser is missing';
  return undefined;
}

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, a free loopback port),
 * so a test can stop and restart the server without touching the machine's shared one.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), 'questa-faults-pg-'));
  const { stdout } = await run('id', ['-u', 'postgres']);
  const uid = Number(stdout.trim());
  await chown(dir, uid, uid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asPostgres = (binary: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args], { cwd: dir });

  await asPostgres('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  // Durability does not matter to a throwaway cluster; speed on a shared machine does.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = async () => {
    await asPostgres('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  };
  const stop = async () => {
    await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
