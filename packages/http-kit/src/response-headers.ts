import type { FastifyInstance } from 'fastify';

/** Browsers take `Strict-Transport-Security` only over HTTPS; this says how long they keep it. */
export interface StrictTransport {
  maxAgeSeconds: number;
}

const isJson = (type: unknown) =>
  typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/.test(type);

/**
 * Headers every Questa API response carries. A JSON answer is someone's own data unless its route
 * says otherwise (the public catalog sets its own `Cache-Control`), so it is never stored by a
 * browser or a shared cache: a learner's exam or progress must not come back to the next person
 * at a school computer. `nosniff` keeps a JSON body from ever being run as a script or page.
 */
export function addApiResponseHeaders(app: FastifyInstance): void {
  // Callback style: an async hook costs a promise per response on every route.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    if (isJson(reply.getHeader('content-type')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/** The HSTS header, on every response of a process that browsers reach over HTTPS. */
export function addStrictTransport(app: FastifyInstance, hsts: StrictTransport | undefined): void {
  if (!hsts || hsts.maxAgeSeconds <= 0) return;
  const value = `max-age=${hsts.maxAgeSeconds}`;
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('strict-transport-security', value);
    done();
  });
}
