import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile, mkdir, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir';

const run = promisify(execFile);
const scratch = () => mkdtemp(path.join(tmpdir(), 'questa-data-'));

describe('prepareDataDir', () => {
  it('creates a new folder, marks it and locks it', async () => {
    const dir = path.join(await scratch(), 'data');
    const lock = await prepareDataDir(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'questa-data.json'), 'utf8'))).toMatchObject({
      app: 'questa',
    });
    expect(await readFile(path.join(dir, 'questa.lock'), 'utf8')).toBe(String(process.pid));
    await lock.release();
    expect(existsSync(path.join(dir, 'questa.lock'))).toBe(false);
    // Released, the folder is Questa's and free: it is taken again as it is.
    const again = await prepareDataDir(dir);
    await again.release();
  });

  it('refuses a folder that holds somebody else’s files and leaves them alone', async () => {
    const dir = await scratch();
    await writeFile(path.join(dir, 'thesis.docx'), 'precious');
    await expect(prepareDataDir(dir)).rejects.toThrow(
      /not Questa's; choose an empty or new folder/,
    );
    expect(await readFile(path.join(dir, 'thesis.docx'), 'utf8')).toBe('precious');
  });

  it('refuses a folder another live process holds', async () => {
    const dir = await scratch();
    await writeFile(path.join(dir, 'questa-data.json'), '{"app":"questa","format":1}');
    // pid 1 always exists and is never this test process.
    await writeFile(path.join(dir, 'questa.lock'), '1');
    await expect(prepareDataDir(dir)).rejects.toThrow(/Another Questa process \(pid 1\)/);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = await scratch();
    await writeFile(path.join(dir, 'questa-data.json'), '{"app":"questa","format":1}');
    await writeFile(path.join(dir, 'questa.lock'), String(deadPid()));
    const lock = await prepareDataDir(dir);
    expect(await readFile(path.join(dir, 'questa.lock'), 'utf8')).toBe(String(process.pid));
    await lock.release();
  });

  it('explains an unwritable folder in one sentence', async () => {
    const dir = await scratch();
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, 'locked'));
    await chmod(path.join(dir, 'locked'), 0o500);
    expect(await prepareAsAnotherUser(path.join(dir, 'locked'))).toMatch(
      /^The data folder .*locked \(QUESTA_DATA_DIR\) is not readable and writable by this user\.$/,
    );
  });
});

/** A process id that no process has: one past the highest the kernel hands out. */
function deadPid(): number {
  const highest = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
  return Number.isFinite(highest) ? highest + 1 : 2 ** 22 + 1;
}

/**
 * Runs `prepareDataDir` where permission bits apply and returns its error message. Root (as CI
 * runs) is never refused by them, so there it runs in a child process as the user `nobody`.
 */
async function prepareAsAnotherUser(dir: string): Promise<string> {
  if (process.getuid?.() !== 0) {
    return prepareDataDir(dir).then(
      () => 'no error',
      (error: Error) => error.message,
    );
  }
  const module = new URL('./data-dir.ts', import.meta.url).href;
  const script = `process.setgid(65534); process.setuid(65534);
    const { prepareDataDir } = await import(${JSON.stringify(module)});
    await prepareDataDir(${JSON.stringify(dir)}).then(() => console.log('no error'), (error) => console.log(error.message));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return stdout.trim();
}
