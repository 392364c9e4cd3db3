import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';
import { redactedLogPaths, redactUrl, requestSerializer } from './log-redaction';
import type { QuestaConfig } from '@questa/config';
import { addStrictTransport, type StrictTransport } from './response-headers';
import { addLifecycle } from './lifecycle';
import { addMetricsRoute, addRequestMetrics } from './metrics';
import { addRequestTracing } from './tracing';

export interface RootServerOptions {
  logLevel: QuestaConfig['logLevel'];
  /** `pretty` for a person at a terminal; JSON lines (the default) for log collectors. */
  logFormat?: QuestaConfig['logFormat'];
  /** Log one line per request, at `debug` (errors are logged where they happen); off in tests. */
  logRequests?: boolean;
  /** Set when browsers reach this process over HTTPS (`QuestaConfig['hsts']`). */
  hsts?: StrictTransport | undefined;
  /** Proxies whose forwarded client address and protocol are believed (`QuestaConfig['trustProxy']`). */
  trustProxy?: QuestaConfig['trustProxy'];
  /** Where log lines go instead of standard output (a test reading them). */
  logStream?: { write(line: string): void };
  /** Lets scrapers from elsewhere read `/metrics` (`QuestaConfig['metricsToken']`). */
  metricsToken?: string | undefined;
}

/** One short line per entry, with the time of day; process id and host say nothing locally. */
const prettyStream = () =>
  pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });

// A caller's request id is kept only when it looks like one of ours, so log lines cannot be forged.
const acceptableRequestId = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The bare Fastify process every service is mounted on: one logger, one request id per request
 * (echoed as `x-request-id` and present on every log line), and a bounded body size.
 */
export function createRootServer(options: RootServerOptions): FastifyInstance {
  const logger = {
    level: options.logLevel,
    redact: { paths: redactedLogPaths, censor: '[redacted]' },
    serializers: { req: requestSerializer },
  };
  const { trustProxy = false } = options;
  const app = Fastify({
    logger: options.logStream
      ? { ...logger, stream: options.logStream }
      : options.logFormat === 'pretty'
        ? { ...logger, stream: prettyStream() }
        : logger,
    // Fastify's own request lines are two per request at `info`; ours is one, at `debug`, so the
    // default level shows start-up, warnings and errors only.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && acceptableRequestId.test(incoming)
        ? incoming
        : randomUUID();
    },
    // A number counts proxies from the socket inwards, as proxy-addr counts hops.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  addLifecycle(app);
  addRequestMetrics(app);
  addRequestTracing(app);
  addMetricsRoute(app, options.metricsToken);
  // Callback style: an async hook costs a promise per request on every route.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  addStrictTransport(app, options.hsts);
  if (options.logRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      // At the usual level the line is dropped: not worth building on every request.
      if (request.log.level === 'debug' || request.log.level === 'trace') {
        request.log.debug(
          { status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          `${request.method} ${redactUrl(request.url)}`,
        );
      }
      done();
    });
  }
  return app;
}
