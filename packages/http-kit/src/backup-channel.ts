import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import {
  backupArchive,
  DATA_DIR_CONTROL,
  dataDirHolder,
  DataDirError,
  lockExistingDataDir,
  openDatabase,
  type Database,
} from '@questa/db';

interface ControlFile {
  pid: number;
  url: string;
  secret: string;
}

export interface BackupChannel {
  close(): Promise<void>;
}

/**
 * A running embedded Questa's backup channel (decision 0043): a server on loopback, on a port of
 * its own, that answers `POST /backup` with a backup of the data folder to whoever shows the
 * secret written into the folder. Reading that secret takes the same rights as copying the
 * folder itself, so the channel gives nobody anything they could not already read; it is never
 * behind the public port or a proxy.
 */
export async function openBackupChannel(
  dataDir: string,
  database: Database,
): Promise<BackupChannel | undefined> {
  const dump = database.dumpDataDir;
  if (!dump) return undefined;
  const secret = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${secret}`);
  const server = createServer((request, response) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return response.writeHead(401).end();
    }
    if (request.method !== 'POST' || request.url !== '/backup')
      return response.writeHead(404).end();
    dump().then(
      (tarball) => {
        response.writeHead(200, { 'content-type': 'application/gzip' });
        // A broken stream ends the response early; the client sees an incomplete archive.
        pipeline(backupArchive(dataDir, tarball), response).catch(() => response.destroy());
      },
      (error: Error) =>
        response.writeHead(503, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  const file = path.join(dataDir, DATA_DIR_CONTROL);
  const control: ControlFile = { pid: process.pid, url: `http://127.0.0.1:${port}`, secret };
  await writeFile(file, `${JSON.stringify(control)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return {
    async close() {
      await rm(file, { force: true });
      await closeServer(server);
    },
  };
}

function closeServer(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A backup request may wait this long for the database and the first bytes of the answer. */
const ANSWER_TIMEOUT_MS = 60_000;

/**
 * `npm run backup`: writes a backup of the embedded Questa in `dataDir` to `file`, asking the
 * running process over its backup channel when one holds the folder and reading the folder
 * itself, under its lock, when none does. The archive is written next to `file` and renamed
 * into place once complete, so a failed backup never leaves a file that looks like one.
 */
export async function backUpDataDir(dataDir: string, file: string): Promise<'running' | 'stopped'> {
  const partial = `${file}.partial`;
  try {
    const holder = await dataDirHolder(dataDir);
    if (holder) {
      await pipeline(
        await askRunningQuesta(dataDir, holder),
        createWriteStream(partial, { mode: 0o600 }),
      );
    } else {
      const lock = await lockExistingDataDir(dataDir);
      try {
        const database = await openDatabase({ dataDir });
        try {
          const tarball = await database.dumpDataDir!();
          await pipeline(
            backupArchive(dataDir, tarball),
            createWriteStream(partial, { mode: 0o600 }),
          );
        } finally {
          await database.close();
        }
      } finally {
        await lock.release();
      }
    }
    await rename(partial, file);
    return holder ? 'running' : 'stopped';
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function askRunningQuesta(dataDir: string, holder: number): Promise<Readable> {
  const control = await readFile(path.join(dataDir, DATA_DIR_CONTROL), 'utf8')
    .then((text) => JSON.parse(text) as ControlFile)
    .catch(() => undefined);
  if (!control || control.pid !== holder) {
    throw new DataDirError(
      `Questa (pid ${holder}) uses the data folder ${dataDir} but offers no backup channel; stop it and run the backup again.`,
    );
  }
  // Only the wait for the answer is limited: the archive itself takes as long as it is large.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ANSWER_TIMEOUT_MS);
  const response = await fetch(`${control.url}/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.secret}` },
    signal: abort.signal,
  })
    .catch((error: Error) => {
      throw new DataDirError(
        `The running Questa (pid ${holder}) did not answer the backup request: ${error.message}.`,
      );
    })
    .finally(() => clearTimeout(timer));
  if (!response.ok || !response.body) {
    throw new DataDirError(
      `The running Questa (pid ${holder}) refused the backup (${response.status}): ${await response.text()}`,
    );
  }
  return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
}
