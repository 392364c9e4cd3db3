import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { health, liveness } from '@questa/contracts';
import type { Database } from '@questa/db';
import { lifecycleOf } from './lifecycle';
import { HttpProblem } from './problem';

/**
 * A load balancer asks several times a second per process, and a monitor more: one database
 * round trip per second answers them all, so a check stays about as cheap as a static answer.
 */
const DATABASE_CHECK_FRESH_MS = 1000;

/**
 * The health routes every service has:
 * - `GET /health/live`: 200 while the process can answer at all (no database): restart it if not;
 * - `GET /health/ready`: 200 while it should get work: its database answers and no stop has begun;
 * - `GET /health`: the same as ready, the address monitors and older balancers already use.
 */
export function healthRoute(
  app: FastifyInstance,
  service: string,
  database: Pick<Database, 'ping'>,
) {
  const lifecycle = lifecycleOf(app);
  const checkDatabase = sharedCheck(() => database.ping(1000), DATABASE_CHECK_FRESH_MS);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  const ready = async () => {
    if (lifecycle.stopping) {
      throw new HttpProblem('unavailable', {
        detail: 'This process is stopping; another one takes its work.',
        retryAfter: 1,
      });
    }
    try {
      await checkDatabase();
    } catch {
      throw new HttpProblem('unavailable', {
        detail: 'The database is not answering. Please try again shortly.',
        retryAfter: 5,
      });
    }
    return { status: 'ok' as const, service, database: 'up' as const };
  };
  const readySchema = {
    description:
      'For load balancers and monitors: 200 while the database answers within a second and the ' +
      'process is not stopping, 503 `unavailable` with `Retry-After` otherwise. The database ' +
      'is asked at most once a second.',
    tags: ['health'],
    response: { 200: health },
  };

  typed.get(
    '/health',
    {
      config: { permission: 'public', rateLimit: false },
      schema: { summary: 'Check that the service and its database answer', ...readySchema },
    },
    ready,
  );
  typed.get(
    '/health/ready',
    {
      config: { permission: 'public', rateLimit: false },
      schema: { summary: 'Check that the service should get work (readiness)', ...readySchema },
    },
    ready,
  );
  typed.get(
    '/health/live',
    {
      config: { permission: 'public', rateLimit: false },
      schema: {
        summary: 'Check that the process answers (liveness)',
        description:
          'For process supervisors: 200 while the process answers requests, whatever its ' +
          'database does; a process that stops answering here should be restarted.',
        tags: ['health'],
        response: { 200: liveness },
      },
    },
    () => ({ status: 'ok' as const, service }),
  );
}

/**
 * Runs `check` at most once per `freshMs`: callers within that time share its outcome, and
 * callers while it runs share the one in flight.
 */
function sharedCheck(check: () => Promise<void>, freshMs: number) {
  let last: { at: number; outcome: Promise<void> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= freshMs) {
      const outcome = check();
      // A failed check is not kept: the next caller asks again, so recovery shows at once.
      outcome.catch(() => {
        if (last?.outcome === outcome) last = undefined;
      });
      last = { at: now, outcome };
    }
    return last.outcome;
  };
}
