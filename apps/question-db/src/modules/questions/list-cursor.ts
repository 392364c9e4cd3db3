import { z } from 'zod';
import { HttpProblem } from '@questa/http-kit';
import type { RecencyKey } from './question-list.repository';

/**
 * Where the next page starts: after a question in newest-first order, or at an offset into a
 * search's ranked window. Opaque to callers, so the ordering behind it may change.
 */
export type ListCursor = { after: RecencyKey } | { offset: number };

// A timestamptz as PostgreSQL writes it, e.g. `2026-11-22 05:53:35.123456+00`: the cursor keeps
// its microseconds, which an ISO string from a JavaScript Date would lose.
const timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)$/);

const encoded = z.union([
  z.tuple([z.literal('a'), timestamp, z.uuid()]),
  z.tuple([z.literal('w'), z.number().int().min(1).max(10_000)]),
]);

export function encodeCursor(cursor: ListCursor): string {
  const value =
    'after' in cursor ? ['a', cursor.after.updatedAt, cursor.after.id] : ['w', cursor.offset];
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export const invalidCursor = () =>
  new HttpProblem('validation.failed', {
    detail: 'The cursor was not given out by this API for this list.',
    errors: [{ field: 'query.cursor', message: 'is not a cursor from a previous page' }],
  });

export function decodeCursor(cursor: string): ListCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = encoded.safeParse(value);
  if (!parsed.success) throw invalidCursor();
  const [kind, first, second] = parsed.data;
  return kind === 'a' ? { after: { updatedAt: first, id: second! } } : { offset: first };
}
