import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where media bytes live, addressed by their sha256. */
export interface MediaStore {
  /** Stores the bytes once; storing the same hash again does nothing. */
  put(sha256: string, body: Buffer, contentType?: string): Promise<void>;
  /**
   * A stream of the bytes, or of the inclusive byte range `start`–`end` of them; undefined when
   * nothing is stored under that hash.
   */
  open(sha256: string, range?: ByteRange): Promise<Readable | undefined>;
}

/** Inclusive at both ends, as HTTP's `Range: bytes=start-end` is. */
export interface ByteRange {
  start: number;
  end: number;
}

const hashPattern = /^[0-9a-f]{64}$/;

/** One-process mode: files under the data folder, fanned out by the hash's first two characters. */
export function createFileMediaStore(root: string): MediaStore {
  const fileOf = (sha256: string) => {
    if (!hashPattern.test(sha256)) throw new Error('Media is addressed by a lowercase sha256');
    return path.join(root, sha256.slice(0, 2), sha256);
  };
  return {
    async put(sha256, body) {
      const file = fileOf(sha256);
      if (await exists(file)) return;
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },
    async open(sha256, range) {
      const file = fileOf(sha256);
      if (!(await exists(file))) return undefined;
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
  };
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}
