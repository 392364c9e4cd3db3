import { Inflate } from 'fflate';

export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
export const MAX_COMPRESSION_RATIO = 100;
// Tiny files compress at silly ratios without harm; the ratio check starts above this size.
const RATIO_FLOOR = 1024 * 1024;
// Deflate expands at most about 1,032:1, so one slice of this many compressed bytes inflates to
// at most about 4 MB before the count is checked again.
const INFLATE_SLICE = 4 * 1024;

export type ZipOutcome =
  | { ok: true; files: Map<string, Uint8Array>; inflatedBytes: number }
  | { ok: false; error: string; inflatedBytes: number };

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const NOT_A_ZIP = 'The file is not a valid zip package';
const DAMAGED = 'The zip package is damaged or uses an unsupported compression method';

class BadZip extends Error {}

/** Why a name could escape the folder it is unpacked into (path traversal), if it could. */
function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'contains a .. segment';
  if (name.includes('\u0000')) return 'contains a NUL character';
  return undefined;
}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const within = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.byteLength) throw new BadZip();
  };
  return {
    u16: (at: number) => (within(at, 2), view.getUint16(at, true)),
    u32: (at: number) => (within(at, 4), view.getUint32(at, true)),
    u64: (at: number) => (within(at, 8), Number(view.getBigUint64(at, true))),
    slice: (at: number, length: number) => (within(at, length), bytes.subarray(at, at + length)),
  };
}

/** Reads the central directory: every entry's name, method, sizes and where its data starts. */
function centralDirectory(bytes: Uint8Array): Entry[] {
  const read = reader(bytes);
  let end = bytes.byteLength - 22;
  while (end >= 0 && read.u32(end) !== 0x06054b50) {
    if (bytes.byteLength - end > 65_557) throw new BadZip();
    end -= 1;
  }
  if (end < 0) throw new BadZip();
  let count = read.u16(end + 10);
  let at = read.u32(end + 16);
  if (end >= 20 && read.u32(end - 20) === 0x07064b50) {
    const zip64End = read.u64(end - 12);
    if (read.u32(zip64End) === 0x06064b50) {
      count = read.u64(zip64End + 32);
      at = read.u64(zip64End + 48);
    }
  }
  const entries: Entry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (read.u32(at) !== 0x02014b50) throw new BadZip();
    const flags = read.u16(at + 8);
    const nameLength = read.u16(at + 28);
    const extraLength = read.u16(at + 30);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(
      read.slice(at + 46, nameLength),
    );
    const entry: Entry = {
      name,
      method: read.u16(at + 10),
      compressedSize: read.u32(at + 20),
      declaredSize: read.u32(at + 24),
      localOffset: read.u32(at + 42),
    };
    readZip64Sizes(read, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + read.u16(at + 32);
  }
  return entries;
}

/** A size of 0xFFFFFFFF means the real one is in the entry's ZIP64 extra field, in this order. */
function readZip64Sizes(read: ReturnType<typeof reader>, at: number, length: number, e: Entry) {
  const end = at + length;
  while (at + 4 <= end) {
    const id = read.u16(at);
    const size = read.u16(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      for (const key of ['declaredSize', 'compressedSize', 'localOffset'] as const) {
        if (e[key] !== 0xffffffff) continue;
        e[key] = read.u64(field);
        field += 8;
      }
      return;
    }
    at += 4 + size;
  }
}

/**
 * Inflates one entry a slice at a time, counting the bytes that really come out; an entry that
 * grows past the size it declares is stopped there, so a lying header costs at most one slice.
 */
function inflateEntry(
  compressed: Uint8Array,
  declaredSize: number,
): { ok: true; bytes: Uint8Array } | { ok: false; lying: boolean; inflated: number } {
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  const inflate = new Inflate((chunk) => {
    inflated += chunk.length;
    if (inflated <= declaredSize) chunks.push(chunk);
  });
  try {
    for (let at = 0; ; at += INFLATE_SLICE) {
      const last = at + INFLATE_SLICE >= compressed.length;
      inflate.push(compressed.subarray(at, at + INFLATE_SLICE), last);
      if (inflated > declaredSize) return { ok: false, lying: true, inflated };
      if (last) break;
    }
  } catch {
    return { ok: false, lying: false, inflated };
  }
  if (inflated !== declaredSize) return { ok: false, lying: false, inflated };
  const bytes = new Uint8Array(inflated);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes };
}

/** Where an entry's data starts: after its local header, whose name and extra field may differ. */
function dataStart(bytes: Uint8Array, entry: Entry): number {
  const read = reader(bytes);
  if (read.u32(entry.localOffset) !== 0x04034b50) throw new BadZip();
  return (
    entry.localOffset + 30 + read.u16(entry.localOffset + 26) + read.u16(entry.localOffset + 28)
  );
}

/** Checks the central directory before a byte is inflated: unsafe names, sizes and ratios. */
function refusal(entries: Entry[]): string | undefined {
  let total = 0;
  for (const entry of entries) {
    const reason = unsafeName(entry.name);
    if (reason) return `The package entry "${entry.name}" ${reason}; refused`;
    total += entry.declaredSize;
    if (
      entry.declaredSize > RATIO_FLOOR &&
      entry.declaredSize > entry.compressedSize * MAX_COMPRESSION_RATIO
    ) {
      return `The package entry "${entry.name}" is compressed more than ${MAX_COMPRESSION_RATIO}:1; refused as a possible zip bomb`;
    }
  }
  if (total > MAX_UNZIPPED_BYTES) {
    return `The package would unpack to ${(total / 1024 / 1024).toFixed(0)} MB, over the ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB limit; refused`;
  }
  return undefined;
}

/**
 * Unpacks a zip after checking its central directory: unsafe names, a declared total over
 * 100 MB or an entry compressed more than 100:1 (a zip bomb) refuse the package before any
 * entry is inflated. The declared sizes are then held to: each entry is inflated while its real
 * bytes are counted and is refused the moment it outgrows its claim, so what a package really
 * unpacks to never passes the declared total.
 */
export function readZip(bytes: Uint8Array): ZipOutcome {
  let entries: Entry[];
  try {
    entries = centralDirectory(bytes);
  } catch {
    return { ok: false, error: NOT_A_ZIP, inflatedBytes: 0 };
  }
  const refused = refusal(entries);
  if (refused) return { ok: false, error: refused, inflatedBytes: 0 };

  const files = new Map<string, Uint8Array>();
  let inflatedBytes = 0;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    let data: Uint8Array;
    try {
      data = bytes.subarray(dataStart(bytes, entry)).subarray(0, entry.compressedSize);
      if (data.length !== entry.compressedSize) throw new BadZip();
    } catch {
      return { ok: false, error: DAMAGED, inflatedBytes };
    }
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.declaredSize) {
        return { ok: false, error: DAMAGED, inflatedBytes };
      }
      inflatedBytes += data.length;
      files.set(entry.name, data.slice());
      continue;
    }
    if (entry.method !== 8) return { ok: false, error: DAMAGED, inflatedBytes };
    const outcome = inflateEntry(data, entry.declaredSize);
    if (!outcome.ok) {
      inflatedBytes += outcome.inflated;
      const error = outcome.lying
        ? `The package entry "${entry.name}" unpacks to more than the ${entry.declaredSize.toLocaleString('en-US')} bytes it declares; refused as a possible zip bomb`
        : DAMAGED;
      return { ok: false, error, inflatedBytes };
    }
    inflatedBytes += outcome.bytes.length;
    files.set(entry.name, outcome.bytes);
  }
  return { ok: true, files, inflatedBytes };
}
