import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DATA_DIR_CONTROL, DATA_DIR_LOCK, DataDirError } from '../data-dir';
import { tarChunks, untar, type TarFile } from './tar';

/** What a backup archive starts with, so a restore knows it has one of Questa's. */
const MANIFEST = 'questa-backup.json';
/** PGlite's own dump of its data folder, as `dumpDataDir` writes it. */
const DATABASE_DUMP = 'pglite.tar';
/** Everything else of the data folder (media, keys, the mail outbox, the marker) is under this. */
const FILES = 'data/';

/** Files of the data folder that belong to the running process, not to its data. */
const SKIPPED = new Set(['pglite', DATA_DIR_LOCK, DATA_DIR_CONTROL]);

/**
 * A backup of an embedded Questa: `databaseDump` (taken before, between transactions) and then
 * the data folder's other files, as a gzipped tar. The database is dumped first because media
 * bytes are stored before the row that names them: every file the dump refers to is then on
 * disk already, and a file added since is merely unreferenced.
 */
export function backupArchive(dataDir: string, databaseDump: Blob): Readable {
  async function* files(): AsyncGenerator<TarFile> {
    const manifest = { app: 'questa', format: 1, createdAt: new Date().toISOString() };
    yield { name: MANIFEST, body: new TextEncoder().encode(`${JSON.stringify(manifest)}\n`) };
    yield { name: DATABASE_DUMP, body: new Uint8Array(await databaseDump.arrayBuffer()) };
    for await (const relative of dataFiles(dataDir, '')) {
      // A file removed since the folder was listed (a sent mail, say) is simply not in the backup.
      const body = await readFile(path.join(dataDir, relative)).catch(() => undefined);
      if (body) yield { name: `${FILES}${relative}`, body };
    }
  }
  return Readable.from(tarChunks(files())).pipe(createGzip());
}

async function* dataFiles(root: string, relative: string): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!relative && SKIPPED.has(entry.name)) continue;
    // Half-written media, renamed into place once complete.
    if (entry.name.endsWith('.partial')) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* dataFiles(root, child);
    else if (entry.isFile()) yield child;
  }
}

/**
 * Unpacks the backup at `file` into `target`, which must be new or empty, so that Questa can
 * start on it. PGlite loads its own dump, so the database files are written by the same engine
 * that will read them. A failed restore leaves no half-filled folder behind.
 */
export async function restoreArchive(file: string, target: string): Promise<void> {
  const existing = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length > 0) {
    throw new DataDirError(
      `The folder ${target} is not empty; restore into a new or empty folder, so nothing is overwritten.`,
    );
  }
  const size = await stat(file).catch(() => undefined);
  if (!size?.isFile()) throw new DataDirError(`There is no backup file at ${file}.`);

  await mkdir(target, { recursive: true });
  try {
    await unpack(file, target);
  } catch (error) {
    await clear(target);
    if (error instanceof DataDirError) throw error;
    throw new DataDirError(`${file} cannot be restored: ${(error as Error).message}.`);
  }
}

async function unpack(file: string, target: string) {
  let manifestSeen = false;
  let databaseSeen = false;
  const source = createReadStream(file).pipe(createGunzip());
  for await (const entry of untar(source)) {
    if (!manifestSeen) {
      if (entry.name !== MANIFEST || !isManifest(entry.body)) {
        throw new DataDirError(`${file} is not a Questa backup.`);
      }
      manifestSeen = true;
    } else if (entry.name === DATABASE_DUMP) {
      const pglite = await PGlite.create(path.join(target, 'pglite'), {
        loadDataDir: new Blob([entry.body]),
      });
      await pglite.close();
      databaseSeen = true;
    } else if (entry.name.startsWith(FILES)) {
      const destination = insideTarget(target, entry.name.slice(FILES.length));
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, entry.body, { mode: 0o600 });
    }
  }
  if (!manifestSeen) throw new DataDirError(`${file} is not a Questa backup.`);
  if (!databaseSeen) throw new Error('it holds no database');
}

function isManifest(body: Uint8Array): boolean {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as {
      app?: unknown;
      format?: unknown;
    };
    return parsed.app === 'questa' && parsed.format === 1;
  } catch {
    return false;
  }
}

/** A path in the archive as a path under `target`; one that would leave it is refused. */
function insideTarget(target: string, relative: string): string {
  const destination = path.resolve(target, relative);
  if (!relative || !destination.startsWith(`${path.resolve(target)}${path.sep}`)) {
    throw new Error(`it names a file outside the data folder (${relative})`);
  }
  return destination;
}

async function clear(target: string) {
  for (const name of await readdir(target).catch(() => [])) {
    await rm(path.join(target, name), { recursive: true, force: true });
  }
}
