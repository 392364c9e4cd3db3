import { AsyncLocalStorage } from 'node:async_hooks';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type ContextManager,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The active trace context per request, kept in AsyncLocalStorage. OpenTelemetry's own manager
 * only runs a callback in a context; a Fastify hook has no callback to wrap, so a request's
 * context is entered from its first hook and follows everything the request does from there.
 */
class RequestContextManager implements ContextManager {
  readonly #storage = new AsyncLocalStorage<Context>();
  active() {
    return this.#storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    active: Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#storage.run(active, () => fn.call(thisArg, ...args));
  }
  bind<T>(active: Context, target: T): T {
    if (typeof target !== 'function') return target;
    const run = (...args: unknown[]) =>
      this.with(active, () => (target as (...a: unknown[]) => unknown)(...args));
    return run as T;
  }
  enter(active: Context) {
    this.#storage.enterWith(active);
  }
  enable() {
    return this;
  }
  disable() {
    this.#storage.disable();
    return this;
  }
}

let manager: RequestContextManager | undefined;
let provider: BasicTracerProvider | undefined;

/**
 * Exports traces over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT), once per process.
 * Without it nothing is set up and the request hooks below cost one check per request.
 */
export function startTracing(options: { endpoint: string; serviceName: string }) {
  if (provider) return provider;
  manager = new RequestContextManager();
  context.setGlobalContextManager(manager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  provider = new BasicTracerProvider({
    resource: new Resource({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
        { scheduledDelayMillis: 1000 },
      ),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  return provider;
}

/**
 * Sends what spans are still buffered and stops tracing: a stopping process calls it before it
 * exits, and a test that traced leaves nothing behind for the next one in the same process.
 */
export async function stopTracing() {
  const stopping = provider;
  provider = undefined;
  manager = undefined;
  await stopping?.shutdown().catch(() => undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * One server span per request, continuing the caller's trace (`traceparent`), named by its route
 * template and carrying the request id, so a trace and the log lines of one request find each
 * other; calls the request makes to other services carry the trace on (`traceHeaders`).
 */
export function addRequestTracing(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!manager) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = trace.getTracer('questa').startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? 'unmatched',
          'questa.request_id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    manager.enter(trace.setSpan(parent, span));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}

/** Headers that carry the current trace to another service (none while tracing is off). */
export function traceHeaders(): Record<string, string> {
  if (!manager) return {};
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}
