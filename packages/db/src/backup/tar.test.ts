import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tarChunks, untar, type TarFile } from './tar';

const encode = (text: string) => new TextEncoder().encode(text);

async function* from<T>(items: T[]) {
  yield* items;
}

async function archive(files: TarFile[]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of tarChunks(from(files))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function read(bytes: Uint8Array, chunkSize = 7): Promise<TarFile[]> {
  // Small, uneven chunks, as a gunzip stream hands them out.
  const pieces = [];
  for (let at = 0; at < bytes.length; at += chunkSize)
    pieces.push(bytes.subarray(at, at + chunkSize));
  const files = [];
  for await (const file of untar(from(pieces))) files.push(file);
  return files;
}

const longName = `data/media/${'f'.repeat(64)}/${'e'.repeat(90)}`;
const files: TarFile[] = [
  { name: 'questa-backup.json', body: encode('{"app":"questa"}\n') },
  { name: 'data/empty', body: new Uint8Array(0) },
  { name: 'data/exactly-a-block', body: new Uint8Array(512).fill(7) },
  { name: longName, body: encode('a name longer than a hundred bytes') },
];

describe('backup archives', () => {
  it('reads back what it wrote, whatever the chunk sizes', async () => {
    const bytes = await archive(files);
    expect(bytes.length % 512).toBe(0);
    for (const size of [1, 7, 512, 100_000]) {
      expect(await read(bytes, size)).toEqual(files);
    }
  });

  it('writes archives the system tar reads', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'questa-tar-'));
    const file = path.join(dir, 'backup.tar');
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(file, await archive(files));
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(files.map(({ name }) => name));
  });

  it('refuses an archive that ends in the middle or whose header is damaged', async () => {
    const bytes = await archive(files);
    await expect(read(bytes.subarray(0, 1000))).rejects.toThrow('incomplete');
    const damaged = Uint8Array.from(bytes);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(read(damaged)).rejects.toThrow('checksum');
  });

  it('refuses a name too long for the format', async () => {
    await expect(archive([{ name: 'x'.repeat(300), body: encode('') }])).rejects.toThrow(
      'too long',
    );
  });
});
