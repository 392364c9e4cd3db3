import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { health } from '@questa/contracts';
import type { Database } from '@questa/db';
import { HttpProblem } from './problem';

/** `GET /health`: 200 while the service's database answers, 503 `unavailable` when it does not. */
export function healthRoute(
  app: FastifyInstance,
  service: string,
  database: Pick<Database, 'ping'>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Check that the service and its database answer',
        description:
          'For load balancers and monitors: 200 while the database answers within a second, ' +
          '503 `unavailable` with `Retry-After` when it does not.',
        tags: ['health'],
        response: { 200: health },
      },
    },
    async () => {
      try {
        await database.ping(1000);
      } catch {
        throw new HttpProblem('unavailable', {
          detail: 'The database is not answering. Please try again shortly.',
          retryAfter: 5,
        });
      }
      return { status: 'ok' as const, service, database: 'up' as const };
    },
  );
}
