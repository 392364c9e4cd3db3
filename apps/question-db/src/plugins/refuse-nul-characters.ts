import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpProblem } from '@questa/http-kit';

/** The dotted path of the first string holding a NUL character, if any. */
function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text or jsonb, and fails the whole statement on one. The
 * schemas accept it as a character like any other, so it is refused here, after validation and
 * before any route's work, as the caller's mistake rather than our failure.
 */
export const refuseNulCharacters = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      const field =
        pathOfNul(request.params, 'params') ??
        pathOfNul(request.query, 'query') ??
        pathOfNul(request.body, 'body');
      if (field === undefined) return;
      throw new HttpProblem('validation.failed', {
        detail: 'Text cannot contain the NUL character (U+0000).',
        errors: [{ field, message: 'contains a NUL character' }],
      });
    });
  },
  { name: 'questa-question-db-refuse-nul-characters' },
);
