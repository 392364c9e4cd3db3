import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Raised when the data folder cannot be used; the message is one sentence for the operator. */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

export interface DataDirLock {
  release(): Promise<void>;
}

const MARKER = 'questa-data.json';
export const DATA_DIR_LOCK = 'questa.lock';
/**
 * Where a running embedded Questa tells its backup channel's address and secret (0600, like
 * the folder's other secrets); removed when it stops.
 */
export const DATA_DIR_CONTROL = 'questa-control.json';

/**
 * Makes sure `dir` is Questa's own data folder and that no other Questa process uses it. An
 * existing folder with files but without Questa's marker is refused, never written into, so
 * pointing QUESTA_DATA_DIR at the wrong place cannot damage anything.
 */
export async function prepareDataDir(dir: string): Promise<DataDirLock> {
  await mkdir(dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    throw new DataDirError(
      `The data folder ${dir} (QUESTA_DATA_DIR) cannot be created: ${error.code ?? error.message}.`,
    );
  });
  try {
    await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch {
    throw new DataDirError(
      `The data folder ${dir} (QUESTA_DATA_DIR) is not readable and writable by this user.`,
    );
  }

  const entries = await readdir(dir);
  if (entries.includes(MARKER)) {
    const marker = await readFile(path.join(dir, MARKER), 'utf8').catch(() => '');
    if (!isMarker(marker)) {
      throw new DataDirError(
        `The data folder ${dir} (QUESTA_DATA_DIR) has a damaged ${MARKER}; restore it from a backup or choose another folder.`,
      );
    }
  } else if (entries.length > 0) {
    throw new DataDirError(
      `The folder ${dir} (QUESTA_DATA_DIR) already holds files that are not Questa's; choose an empty or new folder.`,
    );
  } else {
    await writeFile(
      path.join(dir, MARKER),
      `${JSON.stringify({ app: 'questa', format: 1 }, null, 2)}\n`,
    );
  }

  return takeLock(dir);
}

/**
 * Takes the lock of an existing data folder, for a tool that works on it while Questa is
 * stopped; unlike `prepareDataDir` it never makes a folder.
 */
export async function lockExistingDataDir(dir: string): Promise<DataDirLock> {
  const marker = await readFile(path.join(dir, MARKER), 'utf8').catch(() => '');
  if (!isMarker(marker)) {
    throw new DataDirError(`${dir} (QUESTA_DATA_DIR) is not a Questa data folder.`);
  }
  return prepareDataDir(dir);
}

/** The process id of a running Questa that holds the data folder's lock, if there is one. */
export async function dataDirHolder(dir: string): Promise<number | undefined> {
  const holder = Number(
    (await readFile(path.join(dir, DATA_DIR_LOCK), 'utf8').catch(() => '')).trim(),
  );
  return holder && holder !== process.pid && isRunning(holder) ? holder : undefined;
}

function isMarker(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { app?: unknown };
    return parsed.app === 'questa';
  } catch {
    return false;
  }
}

async function takeLock(dir: string): Promise<DataDirLock> {
  const lockPath = path.join(dir, DATA_DIR_LOCK);
  try {
    await writeFile(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new DataDirError(
        `Another Questa process (pid ${holder}) is using the data folder ${dir}; stop it or set QUESTA_DATA_DIR to another folder.`,
      );
    }
    // The previous holder died without cleaning up; its lock is stale.
    await writeFile(lockPath, String(process.pid));
  }
  return {
    async release() {
      await rm(lockPath, { force: true });
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
