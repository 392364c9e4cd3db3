/**
 * The small part of the POSIX tar (ustar) format a Questa backup needs: regular files only, one
 * after the other. Written by hand so a backup can be read back with any `tar` and without a
 * dependency; nothing here knows what the files are.
 */

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface TarFile {
  /** A relative path with `/` between folders. */
  name: string;
  body: Uint8Array<ArrayBuffer>;
}

/** The archive of `files`, as chunks in order, ending with tar's two empty blocks. */
export async function* tarChunks(files: AsyncIterable<TarFile>): AsyncGenerator<Uint8Array> {
  for await (const file of files) {
    yield header(file.name, file.body.length);
    yield file.body;
    const padding = (BLOCK - (file.body.length % BLOCK)) % BLOCK;
    if (padding) yield new Uint8Array(padding);
  }
  yield new Uint8Array(BLOCK * 2);
}

function header(name: string, size: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const [prefix, base] = splitName(name);
  put(block, 0, 100, base);
  put(block, 100, 8, octal(0o600, 7));
  put(block, 108, 8, octal(0, 7));
  put(block, 116, 8, octal(0, 7));
  put(block, 124, 12, octal(size, 11));
  put(block, 136, 12, octal(Math.floor(Date.now() / 1000), 11));
  block[156] = '0'.charCodeAt(0);
  put(block, 257, 6, 'ustar\0');
  put(block, 263, 2, '00');
  put(block, 345, 155, prefix);
  // The checksum is counted with its own field as spaces.
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(block, 148, 8, `${octal(sum, 6)}\0 `);
  return block;
}

/** ustar keeps a long name in two fields: a folder part of up to 155 bytes and the rest. */
function splitName(name: string): [prefix: string, base: string] {
  if (encoder.encode(name).length <= 100) return ['', name];
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(base).length <= 100) {
      return [prefix, base];
    }
  }
  throw new Error(`The path ${name} is too long for a backup archive`);
}

function octal(value: number, digits: number): string {
  const text = value.toString(8).padStart(digits, '0');
  if (text.length > digits) throw new Error(`${value} bytes is too large for a backup archive`);
  return text;
}

function put(block: Uint8Array, offset: number, length: number, text: string) {
  block.set(encoder.encode(text).subarray(0, length), offset);
}

/** The files of a tar archive read from `source`, each whole, in the archive's order. */
export async function* untar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarFile> {
  const bytes = new ByteQueue(source);
  for (;;) {
    const block = await bytes.take(BLOCK);
    if (!block) throw new Error('The archive ends in the middle; it is incomplete');
    if (block.every((byte) => byte === 0)) return;
    const stored = Number.parseInt(text(block, 148, 8).trim(), 8);
    block.fill(0x20, 148, 156);
    if (stored !== block.reduce((total, byte) => total + byte, 0)) {
      throw new Error('The archive is damaged (a header checksum does not match)');
    }
    const size = Number.parseInt(text(block, 124, 12).trim() || '0', 8);
    const prefix = text(block, 345, 155);
    const name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
    const type = String.fromCharCode(block[156] ?? 0);
    const body = await bytes.take(size);
    if (!body) throw new Error('The archive ends in the middle; it is incomplete');
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding && !(await bytes.take(padding))) {
      throw new Error('The archive ends in the middle; it is incomplete');
    }
    // Regular files only: Questa writes nothing else, and a link could point anywhere.
    if (type === '0' || type === '\0') yield { name, body };
  }
}

function text(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return decoder.decode(end === -1 ? field : field.subarray(0, end));
}

/** Hands out exactly as many bytes as asked for from a stream of chunks of any size. */
class ByteQueue {
  readonly #source: AsyncIterator<Uint8Array>;
  #chunks: Uint8Array[] = [];
  #length = 0;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.#source = source[Symbol.asyncIterator]();
  }

  /** `length` bytes, or undefined when the source ends first. */
  async take(length: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
    while (this.#length < length) {
      const next = await this.#source.next();
      if (next.done) return undefined;
      this.#chunks.push(next.value);
      this.#length += next.value.length;
    }
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const chunk = this.#chunks[0]!;
      const used = Math.min(chunk.length, length - filled);
      out.set(chunk.subarray(0, used), filled);
      filled += used;
      if (used === chunk.length) this.#chunks.shift();
      else this.#chunks[0] = chunk.subarray(used);
    }
    this.#length -= length;
    return out;
  }
}
