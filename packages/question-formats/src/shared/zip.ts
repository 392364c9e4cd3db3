import { unzipSync } from 'fflate';
import type { UnzipFileInfo } from 'fflate';

export const MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
export const MAX_COMPRESSION_RATIO = 100;
// Tiny files compress at silly ratios without harm; the ratio check starts above this size.
const RATIO_FLOOR = 1024 * 1024;

export type ZipOutcome =
  { ok: true; files: Map<string, Uint8Array> } | { ok: false; error: string };

/** Why a name could escape the folder it is unpacked into (path traversal), if it could. */
function unsafeName(name: string): string | undefined {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'contains a .. segment';
  if (name.includes('\u0000')) return 'contains a NUL character';
  return undefined;
}

/**
 * Unpacks a zip after checking its central directory: unsafe names, a declared total over
 * 100 MB or an entry compressed more than 100:1 (a zip bomb) refuse the package before any
 * entry is inflated.
 */
export function readZip(bytes: Uint8Array): ZipOutcome {
  const entries: UnzipFileInfo[] = [];
  try {
    // A filter that takes nothing lists the central directory without inflating a byte.
    unzipSync(bytes, {
      filter: (file) => {
        entries.push(file);
        return false;
      },
    });
  } catch {
    return { ok: false, error: 'The file is not a valid zip package' };
  }
  let total = 0;
  for (const entry of entries) {
    const reason = unsafeName(entry.name);
    if (reason) return { ok: false, error: `The package entry "${entry.name}" ${reason}; refused` };
    total += entry.originalSize;
    if (
      entry.originalSize > RATIO_FLOOR &&
      entry.originalSize > entry.size * MAX_COMPRESSION_RATIO
    ) {
      return {
        ok: false,
        error: `The package entry "${entry.name}" is compressed more than ${MAX_COMPRESSION_RATIO}:1; refused as a possible zip bomb`,
      };
    }
  }
  if (total > MAX_UNZIPPED_BYTES) {
    return {
      ok: false,
      error: `The package would unpack to ${(total / 1024 / 1024).toFixed(0)} MB, over the ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB limit; refused`,
    };
  }
  try {
    // fflate inflates each entry into a buffer of its declared size, so a lying header cannot grow it.
    const files = unzipSync(bytes, { filter: (file) => !file.name.endsWith('/') });
    return { ok: true, files: new Map(Object.entries(files)) };
  } catch {
    return {
      ok: false,
      error: 'The zip package is damaged or uses an unsupported compression method',
    };
  }
}
