import { generatedId } from '../shared/result';

// QTI identifiers are NCNames. Questa ids that are already NCNames are written as they are; other
// ids made of letters, digits, `_`, `.` and `-` get a `Q_` prefix, which reading removes; any
// other id is replaced by a generated one. So ids survive a QTI round trip in all common cases.
const SAFE = /^[A-Za-z0-9_.-]+$/;
const PREFIX = 'Q_';

export function toIdentifier(id: string, index: number): string {
  if (/^[A-Za-z_]/.test(id) && SAFE.test(id) && !id.startsWith(PREFIX)) return id;
  return PREFIX + (SAFE.test(id) ? id : generatedId(index));
}

export function fromIdentifier(identifier: string): string {
  return identifier.startsWith(PREFIX) ? identifier.slice(PREFIX.length) : identifier;
}

/** Cloze blanks answer to `RESPONSE_<blank id>`. */
const BLANK_PREFIX = 'RESPONSE_';

export function blankIdentifier(id: string, index: number): string {
  return BLANK_PREFIX + (SAFE.test(id) ? id : String(index + 1));
}

export function blankId(identifier: string): string {
  return identifier.startsWith(BLANK_PREFIX) ? identifier.slice(BLANK_PREFIX.length) : identifier;
}

/** Questa metadata kept in the manifest, in its own namespace. */
export const QUESTA_NS = 'urn:questa:qti-metadata:1';
