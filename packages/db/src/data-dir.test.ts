import { mkdtemp, readFile, writeFile, mkdir, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir';

const scratch = () => mkdtemp(path.join(tmpdir(), 'questa-data-'));

describe('prepareDataDir', () => {
  it('creates a new folder, marks it and locks it', async () => {
    const dir = path.join(await scratch(), 'data');
    const lock = await prepareDataDir(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'questa-data.json'), 'utf8'))).toMatchObject({
      app: 'questa',
    });
    await lock.release();
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
    await writeFile(path.join(dir, 'questa.lock'), '999999');
    const lock = await prepareDataDir(dir);
    await lock.release();
  });

  it('explains an unwritable folder in one sentence', async () => {
    if (process.getuid?.() === 0) return; // root bypasses permission bits
    const dir = await scratch();
    await mkdir(path.join(dir, 'locked'));
    await chmod(path.join(dir, 'locked'), 0o500);
    await expect(prepareDataDir(path.join(dir, 'locked'))).rejects.toThrow(
      /not readable and writable/,
    );
  });
});
