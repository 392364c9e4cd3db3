import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../connection';
import { DataDirError, prepareDataDir } from '../data-dir';
import { backupArchive, restoreArchive } from './archive';
import { tarChunks } from './tar';

const folders: string[] = [];
const scratch = async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'questa-archive-'));
  folders.push(folder);
  return folder;
};
const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function open(dataDir: string) {
  const database = await openDatabase({ dataDir });
  opened.push(database);
  return database;
}

/** A gzipped tar of `files`, as a crafted (or foreign) backup would be. */
async function craft(file: string, files: { name: string; body: string }[]) {
  async function* entries() {
    for (const { name, body } of files) yield { name, body: new TextEncoder().encode(body) };
  }
  await pipeline(Readable.from(tarChunks(entries())), createGzip(), createWriteStream(file));
}

// The embedded engine only: a PostgreSQL installation is backed up with pg_dump.
describe('backing up an embedded data folder', { timeout: 120_000 }, () => {
  it('restores the database and the folder’s files into a new folder', async () => {
    const dataDir = await scratch();
    const lock = await prepareDataDir(dataDir);
    await mkdir(path.join(dataDir, 'media', 'ab'), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'ab', 'abcdef'), 'image bytes');
    await writeFile(path.join(dataDir, 'media', 'ab', 'abcdef.123.partial'), 'half an ima');
    await writeFile(path.join(dataDir, 'questa-control.json'), '{"secret":"not for the backup"}');
    const database = await open(dataDir);
    await sql`create table kept (id int primary key, note text)`.execute(database.kysely);
    await sql`insert into kept values (1, 'one'), (2, 'two')`.execute(database.kysely);

    const file = path.join(await scratch(), 'backup.tgz');
    const dump = await database.dumpDataDir!();
    // Written after the dump: not in the backup's database.
    await sql`insert into kept values (3, 'three')`.execute(database.kysely);
    await pipeline(backupArchive(dataDir, dump), createWriteStream(file));
    await database.close();
    await lock.release();

    const target = path.join(await scratch(), 'restored');
    await restoreArchive(file, target);
    expect((await readdir(target)).sort()).toEqual(['media', 'pglite', 'questa-data.json']);
    expect(await readFile(path.join(target, 'media', 'ab', 'abcdef'), 'utf8')).toBe('image bytes');
    expect(await readdir(path.join(target, 'media', 'ab'))).toEqual(['abcdef']);
    const restored = await open(target);
    const { rows } = await sql<{
      id: number;
      note: string;
    }>`select * from kept order by id`.execute(restored.kysely);
    expect(rows).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ]);

    await expect(restoreArchive(file, target)).rejects.toThrow('is not empty');
  });

  it('refuses what is not a backup, and leaves no half-filled folder', async () => {
    const dir = await scratch();
    const foreign = path.join(dir, 'foreign.tgz');
    await craft(foreign, [{ name: 'notes.txt', body: 'hello' }]);
    const target = path.join(dir, 'target');
    await expect(restoreArchive(foreign, target)).rejects.toThrow('is not a Questa backup');
    expect(await readdir(target)).toEqual([]);

    const escaping = path.join(dir, 'escaping.tgz');
    await craft(escaping, [
      { name: 'questa-backup.json', body: '{"app":"questa","format":1}' },
      { name: 'data/inside', body: 'fine' },
      { name: 'data/../../outside', body: 'not fine' },
    ]);
    await expect(restoreArchive(escaping, target)).rejects.toThrow('outside the data folder');
    expect(await readdir(target)).toEqual([]);
    expect(await readdir(dir)).not.toContain('outside');

    await expect(restoreArchive(path.join(dir, 'missing.tgz'), target)).rejects.toBeInstanceOf(
      DataDirError,
    );
  });
});
