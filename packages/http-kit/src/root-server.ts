import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { QuestaConfig } from '@questa/config';

export interface RootServerOptions {
  logLevel: QuestaConfig['logLevel'];
  /** Log one line per request; off in benchmarks and quiet tests. */
  logRequests?: boolean;
}

// A caller's request id is kept only when it looks like one of ours, so log lines cannot be forged.
const acceptableRequestId = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The bare Fastify process every service is mounted on: one logger, one request id per request
 * (echoed as `x-request-id` and present on every log line), and a bounded body size.
 */
export function createRootServer(options: RootServerOptions): FastifyInstance {
  const app = Fastify({
    logger: { level: options.logLevel },
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && acceptableRequestId.test(incoming)
        ? incoming
        : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  // Callback style: an async hook costs a promise per request on every route.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}
