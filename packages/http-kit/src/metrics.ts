import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PoolState } from '@questa/db';
import client from 'prom-client';
import { HttpProblem } from './problem';

/**
 * The process's Prometheus metrics. A process is what Prometheus scrapes, so there is one registry
 * per process, whichever services it runs; metric objects are made once, at first use, and shared
 * by every app the process builds (tests build many).
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'questa_' });

const made = new Map<string, unknown>();
function once<T>(name: string, make: () => T): T {
  if (!made.has(name)) made.set(name, make());
  return made.get(name) as T;
}

/** Seconds; from a health check's 1 ms to a large import's 10 s. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = () =>
  once(
    'http',
    () =>
      new client.Histogram({
        name: 'questa_http_request_duration_seconds',
        help: 'HTTP requests by route template and status, with how long each took to answer.',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: LATENCY_BUCKETS,
        registers: [metricsRegistry],
      }),
  );

/** Counts every answered request under its route template (not its address, which has ids). */
export function addRequestMetrics(app: FastifyInstance) {
  const histogram = httpDuration();
  // Callback style, as the root's other hooks: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * `GET /metrics` on the process's root. Scrapers on the same machine are let in as they are; any
 * other caller, and any request a proxy forwarded, needs `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a token set, the metrics stay on the machine.
 */
export function addMetricsRoute(app: FastifyInstance, token: string | undefined) {
  app.get('/metrics', { config: { permission: 'public' } }, async (request, reply) => {
    if (!allowedToScrape(request.headers, request.socket.remoteAddress, token)) {
      throw new HttpProblem('auth.required', {
        detail: 'Metrics are for the operator: send the metrics token as a bearer token.',
      });
    }
    reply.header('content-type', metricsRegistry.contentType);
    return metricsRegistry.metrics();
  });
}

function allowedToScrape(
  headers: Record<string, string | string[] | undefined>,
  address: string | undefined,
  token: string | undefined,
) {
  const authorization = headers.authorization;
  if (token && typeof authorization === 'string') {
    const given = Buffer.from(authorization.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  return !token && loopback && headers['x-forwarded-for'] === undefined;
}

/** A histogram of the process's registry, made once under its name. */
export function histogramMetric<Label extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly Label[];
  buckets: number[];
}) {
  return once(
    options.name,
    () => new client.Histogram<Label>({ ...options, registers: [metricsRegistry] }),
  );
}

/** A counter of the process's registry, made once under its name. */
export function counterMetric<Label extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly Label[];
}) {
  return once(
    options.name,
    () => new client.Counter<Label>({ ...options, registers: [metricsRegistry] }),
  );
}

/** What a sampled gauge's source answers: one value per set of labels. */
type Samples<Label extends string> = [Partial<Record<Label, string>>, number][];
type SampleSource<Label extends string> = () => Samples<Label> | Promise<Samples<Label>>;

/**
 * A gauge read when Prometheus scrapes: each source adds its values (e.g. one per database pool
 * or per live channel of the process). `addSource` returns the function that removes it again.
 */
export function sampledGauge<Label extends string>(options: {
  name: string;
  help: string;
  labelNames: readonly Label[];
}) {
  return once(options.name, () => {
    const sources = new Set<SampleSource<Label>>();
    const gauge = new client.Gauge<Label>({
      ...options,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        for (const source of sources) {
          try {
            for (const [labels, value] of await source()) this.inc(labels, value);
          } catch {
            // A source that cannot say (its database is away) leaves its series out this time.
          }
        }
      },
    });
    return {
      gauge,
      addSource(source: SampleSource<Label>) {
        sources.add(source);
        return () => void sources.delete(source);
      },
    };
  });
}

/** The process's database connections: how many are open and busy, who waits, and how long. */
export function databasePoolMetrics() {
  const wait = histogramMetric({
    name: 'questa_db_connection_wait_seconds',
    help: 'How long each query or transaction waited for a database connection.',
    labelNames: [],
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15],
  });
  const connections = sampledGauge({
    name: 'questa_db_connections',
    help: 'Database connections of the process by state (open, busy, waiting callers, max).',
    labelNames: ['state'],
  });
  return {
    observeWait: (waitedMs: number) => wait.observe(waitedMs / 1000),
    watch(database: { poolState(): PoolState }) {
      return connections.addSource(() => {
        const state = database.poolState();
        return [
          [{ state: 'open' }, state.open],
          [{ state: 'busy' }, state.busy],
          [{ state: 'waiting' }, state.waiting],
          [{ state: 'max' }, state.max],
        ];
      });
    },
  };
}

/** Hits and misses of one of the process's caches, for its hit rate. */
export function cacheMetric(cache: string) {
  const counter = counterMetric({
    name: 'questa_cache_lookups_total',
    help: 'Cache lookups by cache and outcome (hit or miss).',
    labelNames: ['cache', 'outcome'],
  });
  const hit = counter.labels({ cache, outcome: 'hit' });
  const miss = counter.labels({ cache, outcome: 'miss' });
  return { hit: () => hit.inc(), miss: () => miss.inc() };
}
