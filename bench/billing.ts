import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { readTestSettings } from '@questa/config';
import { CHECKOUT_SESSION_PARAM } from '@questa/contracts/rules';
import { createServerDatabase } from '@questa/db/testing';
import { signInOverHttp, startQuesta, type RunningServer } from '@questa/gateway/testing';
import { PAYMENTS_SANDBOX_PREFIX, sandboxKeysIn } from '@questa/payments-sandbox';
import { payCheckout } from '@questa/payments-sandbox/testing';
import { signUpLearners } from './billing-learners';
import { median, spread, type Spread } from './measure';

type Say = (line?: string) => void;

const P95_TARGET_MS = 300;
const SENDERS = 4;
const MONTH_SECONDS = 31 * 24 * 3600;
/** Linux's clock ticks per second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const CLOCK_TICKS = 100;

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
};

/** A small deterministic generator, so a round's order can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A JSON call to Questa as a signed-in browser would make it. */
async function call(
  server: RunningServer,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      accept: 'application/json',
      ...(method !== 'GET' && { 'x-questa-request': '1', origin: server.url }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  }
  return response.json() as Promise<Record<string, unknown>>;
}

/**
 * Where the sandbox's webhooks go while the throughput is measured: every delivery is kept and
 * answered 200, so the bench can send the same signed events to Questa at full speed, shuffled
 * and with duplicates, from several senders at once.
 */
async function startCollector() {
  const events = new Map<string, string>();
  let lastAt = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: string };
      events.set(id, body);
      lastAt = Date.now();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    /** The events delivered since the last take, once deliveries have been quiet a while. */
    async take(quietMs = 1500): Promise<string[]> {
      while (events.size === 0 || Date.now() - lastAt < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const taken = [...events.values()];
      events.clear();
      return taken;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * CPU time a process has used (user and system), in milliseconds, from Linux's /proc: on a
 * machine shared with other work, what each event costs is steadier than how many pass a second.
 */
async function cpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return NaN;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** The partner's signature of a body, as Stripe writes it, made now. */
const sign = (secret: string, payload: string) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
};

interface Throughput {
  deliveries: number;
  unique: number;
  /** From the first delivery until the last was answered. */
  seconds: number;
  /** From the first delivery until no event waited to be applied. */
  appliedSeconds: number;
  failed: number;
  /** The server's CPU time while the deliveries were answered. */
  serverCpuMs: number;
}

/** Sends `deliveries` to Questa's webhook from `senders` at once; how long until all are answered. */
async function deliver(url: string, secret: string, deliveries: string[], senders: number) {
  const queue = [...deliveries];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      for (let body = queue.shift(); body !== undefined; body = queue.shift()) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': sign(secret, body) },
          body,
        });
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, failed };
}

/**
 * Billing on the real one-process Questa and its built-in sandbox partner:
 * (a) how long after the sandbox confirms a payment the learner's premium shows in `/api/session`;
 * (b) how many of the partner's webhook events Questa applies per second, each event once and
 * with a third delivered twice, shuffled, from four senders, in interleaved rounds.
 */
export async function benchBilling(say: Say, options: { learners: number; rounds: number }) {
  const adminUrl = readTestSettings().databaseUrl;
  const engines = [
    { label: 'embedded PGlite', postgres: false },
    ...(adminUrl ? [{ label: 'PostgreSQL (DATABASE_URL)', postgres: true }] : []),
  ];
  for (const engine of engines) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-bench-billing-'));
    const database = engine.postgres ? await createServerDatabase(adminUrl!) : undefined;
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    const loadBefore = loadavg()[0]!;
    try {
      const latency = await checkoutLatency(dataDir, options.learners, env);
      const webhooks = await webhookRounds(dataDir, options.rounds, env);
      const load = { before: loadBefore, after: loadavg()[0]!, cores: cpus().length };
      report(say, {
        engine: engine.label,
        learners: options.learners,
        latency,
        ...webhooks,
        rounds: options.rounds,
        load,
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }
  if (!adminUrl)
    say('PostgreSQL figures skipped: set DATABASE_URL to a PostgreSQL server to measure them.');
}

interface Latency {
  fromSubmit: number[];
  fromAnswer: number[];
  polls: number[];
}

/** (a) Learners sign up, then check out one after another; premium is polled for after each. */
async function checkoutLatency(
  dataDir: string,
  count: number,
  env: Record<string, string>,
): Promise<Latency> {
  console.log('Billing: starting Questa, signing up learners…');
  const questa = await startQuesta({ dataDir, keepDataDir: true, env });
  try {
    const admin = await signInOverHttp(questa.url, 'admin@questa.test', 'practice-makes-perfect');
    // A plan without a trial, so the hosted checkout charges the card at once.
    const plan = (await call(questa, admin, 'POST', '/api/admin/billing/plans', {
      name: 'Bench monthly',
      trialDays: 0,
      features: {
        premiumBanks: true,
        unlimitedPractice: true,
        exams: true,
        detailedAnalytics: true,
        hostLiveRooms: false,
        livePlayerLimit: null,
      },
      prices: [{ currency: 'eur', interval: 'month', amount: 500 }],
    })) as { prices: { id: string }[] };
    const priceId = plan.prices[0]!.id;
    const learners = await signUpLearners({
      baseUrl: questa.url,
      dataDir,
      count,
      prefix: `bench-${Date.now().toString(36)}`,
    });

    console.log(`Billing: ${learners.length} checkouts, one after another…`);
    const latency: Latency = { fromSubmit: [], fromAnswer: [], polls: [] };
    for (const learner of learners) {
      const checkout = (await call(questa, learner.cookie, 'POST', '/api/billing/checkout', {
        priceId,
      })) as { url: string };
      const submitted = performance.now();
      const paid = await payCheckout(checkout.url, { cardNumber: '4242424242424242' });
      const answered = performance.now();
      if (!paid.location?.includes('checkout=success')) {
        throw new Error(`The sandbox did not take the payment: ${paid.status} ${paid.location}`);
      }
      // What the return page does first: have the session the success address names applied.
      const sessionId = new URL(paid.location, questa.url).searchParams.get(CHECKOUT_SESSION_PARAM);
      if (!sessionId) throw new Error(`The success address names no session: ${paid.location}`);
      await call(questa, learner.cookie, 'POST', '/api/billing/checkout/return', { sessionId });
      let polls = 0;
      for (;;) {
        polls++;
        const session = (await call(questa, learner.cookie, 'GET', '/api/session')) as {
          entitlements: { premium: boolean };
        };
        if (session.entitlements.premium) break;
        if (performance.now() - answered > 30_000) {
          throw new Error(`Premium did not show for ${learner.email} within 30 s`);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const visible = performance.now();
      latency.fromSubmit.push(visible - submitted);
      latency.fromAnswer.push(visible - answered);
      latency.polls.push(polls);
    }
    return latency;
  } finally {
    await questa.stop();
  }
}

/**
 * (b) The same data folder again, with the sandbox's webhooks going to the bench: each round
 * moves the sandbox's clock a month for each kind of delivery, and the bench sends that month's
 * events to Questa.
 */
async function webhookRounds(dataDir: string, rounds: number, env: Record<string, string>) {
  console.log('Billing: webhook rounds…');
  const collector = await startCollector();
  const questa = await startQuesta({
    dataDir,
    keepDataDir: true,
    env: { ...env, PAYMENTS_SANDBOX_WEBHOOK_URL: collector.url },
  });
  try {
    const keys = await sandboxKeysIn(dataDir);
    const advance = async () => {
      const response = await fetch(
        `${questa.url}${PAYMENTS_SANDBOX_PREFIX}/control/clock/advance`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${keys.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: `seconds=${MONTH_SECONDS}`,
        },
      );
      if (!response.ok) throw new Error(`Advancing the sandbox clock answered ${response.status}`);
      return collector.take();
    };
    const webhookUrl = `${questa.url}/api/billing/webhook`;
    const admin = await signInOverHttp(questa.url, 'admin@questa.test', 'practice-makes-perfect');
    /** Seconds from `started` until Questa has applied every event it recorded, polled every 25 ms. */
    const applied = async (started: number) => {
      for (;;) {
        const backlog = (await call(questa, admin, 'GET', '/api/admin/billing/webhook-events')) as {
          waiting: number;
        };
        if (backlog.waiting === 0) return (performance.now() - started) / 1000;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const next = random(20_261_124);
    const once: Throughput[] = [];
    const twice: Throughput[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each kind gets a month of renewals of its own; which goes first alternates by round.
      const order = round % 2 === 0 ? (['once', 'twice'] as const) : (['twice', 'once'] as const);
      for (const kind of order) {
        const unique = await advance();
        const deliveries =
          kind === 'once'
            ? shuffle(unique, next)
            : shuffle([...unique, ...unique.filter((_, index) => index % 3 === 0)], next);
        const cpuBefore = await cpuMs(questa.pid);
        const started = performance.now();
        const run = await deliver(webhookUrl, keys.webhookSecret, deliveries, SENDERS);
        const appliedSeconds = await applied(started);
        (kind === 'once' ? once : twice).push({
          deliveries: deliveries.length,
          unique: unique.length,
          ...run,
          appliedSeconds,
          serverCpuMs: (await cpuMs(questa.pid)) - cpuBefore,
        });
      }
    }
    const active = (await call(
      questa,
      admin,
      'GET',
      '/api/admin/billing/subscribers?status=active&limit=100',
    )) as { subscribers: { currentPeriodEnd: string }[] };
    // Every learner renewed in every month the clock moved: their periods end that far ahead.
    const ahead = Date.now() + (rounds * 2 - 1) * MONTH_SECONDS * 1000;
    const activeAfter = active.subscribers.filter(
      (s) => new Date(s.currentPeriodEnd).getTime() > ahead,
    ).length;
    return { once, twice, activeAfter };
  } finally {
    await questa.stop();
    await collector.close();
  }
}

/** What the machine's other work was while a part ran, in words that fit its load. */
function machineLoad(load: { before: number; after: number; cores: number }) {
  const range = `one-minute load average ${load.before.toFixed(1)} at the start of this part, ${load.after.toFixed(1)} at its end`;
  return Math.max(load.before, load.after) < load.cores
    ? `The machine was otherwise quiet (${range}, on ${load.cores} cores).`
    : `The machine was busy throughout: its ${load.cores} cores were shared with other work (${range}), so the figures are what a loaded machine gives, not a quiet one.`;
}

function report(
  say: Say,
  figures: {
    engine: string;
    learners: number;
    latency: { fromSubmit: number[]; fromAnswer: number[]; polls: number[] };
    once: Throughput[];
    twice: Throughput[];
    activeAfter: number;
    rounds: number;
    /** The one-minute load average at the start and the end of this part. */
    load: { before: number; after: number; cores: number };
  },
) {
  const { latency, once, twice } = figures;
  const ms = (value: number) => `${Math.round(value)}`;
  const range = (figure: Spread, digits = 0) =>
    `${figure.median.toFixed(digits)} (${figure.min.toFixed(digits)}–${figure.max.toFixed(digits)})`;
  const p95 = percentile(latency.fromAnswer, 0.95);

  say(
    `Billing on the one-process Questa (\`startQuesta\`, ${figures.engine}, log level warn) with its built-in sandbox partner in the same process, reached over loopback as Stripe would be. ${machineLoad(figures.load)}`,
  );
  say();
  say(
    `(a) Checkout to premium: ${figures.learners} new learners (signed up at the embedded identity provider, each from its own loopback address) each started a checkout of a €5.00 monthly plan without a trial and paid it on the sandbox's hosted page (the page's form posted over HTTP with the test card 4242…), one after another. The clock starts when the sandbox answers the payment with its redirect to the success address (the subscription is paid and its events queued) and stops when the learner's \`GET /api/session\` first shows premium. In between the bench does what the return page does: \`POST /api/billing/checkout/return\` with the session the address names, which reads the session with its subscription from the partner in one request and applies them; then \`GET /api/session\` is polled every 5 ms (median ${median(latency.polls)} polls). The sandbox's signed webhooks arrive meanwhile over loopback and find nothing left to do.`,
  );
  say();
  say('| from | p50 ms | p95 ms | max ms |');
  say('| --- | ---: | ---: | ---: |');
  say(
    `| the sandbox's answer to the payment | ${ms(percentile(latency.fromAnswer, 0.5))} | ${ms(p95)} | ${ms(Math.max(...latency.fromAnswer))} |`,
  );
  say(
    `| the payment form's submission | ${ms(percentile(latency.fromSubmit, 0.5))} | ${ms(percentile(latency.fromSubmit, 0.95))} | ${ms(Math.max(...latency.fromSubmit))} |`,
  );
  say();
  say(
    `Against the target: p95 ${ms(p95)} ms from the redirect to premium in the session, ${p95 < P95_TARGET_MS ? 'met' : 'not met'} (under ${P95_TARGET_MS} ms).`,
  );
  say();

  const delivered = (runs: Throughput[]) => spread(runs.map((run) => run.deliveries / run.seconds));
  const appliedPerSecond = (runs: Throughput[]) =>
    spread(runs.map((run) => run.unique / run.appliedSeconds));
  const ratio = spread(
    twice.map(
      (run, index) =>
        run.unique / run.appliedSeconds / (once[index]!.unique / once[index]!.appliedSeconds),
    ),
  );
  const failed = [...once, ...twice].reduce((sum, run) => sum + run.failed, 0);
  say(
    `(b) Webhooks: the same data folder restarted with the sandbox's webhooks sent to the bench. Each round moves the sandbox's clock a month, which renews every learner's subscription (invoice created, finalised and paid, payment and charge, subscription updated: about ${Math.round(median(once.map((run) => run.unique)) / figures.learners)} events each, ${median(once.map((run) => run.unique))} a month); the bench then sends that month's signed events to \`POST /api/billing/webhook\` from ${SENDERS} senders at once, either each event once, shuffled, or with a third of them delivered twice, shuffled among the rest. The two kinds alternate within each of ${figures.rounds} rounds (once, twice; twice, once; …), each on its own month; figures are medians of the rounds with their range. A delivery is answered once its event is recorded (one insert, in a transaction shared with the deliveries that arrived while the previous one committed); a duplicate finds its id there. Questa then applies what was recorded in rounds: each object the waiting events name is read back once from the partner (the sandbox, in the same process), or taken from a read that began after the events were created, and the reads are applied in one transaction. "Delivered" is deliveries over the time until the last was answered; "applied" is the month's unique events over the time from the first delivery until none waited to be applied (\`GET /api/admin/billing/webhook-events\`, polled every 25 ms).`,
  );
  say();
  say('| deliveries | events delivered/s | unique events applied/s | deliveries per round |');
  say('| --- | ---: | ---: | ---: |');
  say(
    `| each once, shuffled | ${range(delivered(once))} | ${range(appliedPerSecond(once))} | ${median(once.map((run) => run.deliveries))} |`,
  );
  say(
    `| a third twice, shuffled | ${range(delivered(twice))} | ${range(appliedPerSecond(twice))} | ${median(twice.map((run) => run.deliveries))} |`,
  );
  say();
  const cpuPerEvent = (runs: Throughput[]) =>
    spread(runs.map((run) => run.serverCpuMs / run.unique));
  const cpuOnce = cpuPerEvent(once);
  say(
    `Server CPU time per unique event (user and system time of Questa's process from the first delivery until every event was applied, from /proc; the sandbox runs in the same process, so the read-backs it answers count too): ${range(cpuOnce, 2)} ms each once, ${range(cpuPerEvent(twice), 2)} ms with a third twice. One core given to the server alone would apply about ${Math.round(1000 / cpuOnce.median)} events/s each once; the rate above is lower by what the machine's other work took.`,
  );
  say();
  say(
    `Unique events applied per second with duplicates, relative to without, round by round: ${range(ratio, 2)}. Deliveries not answered 200: ${failed}. Afterwards ${figures.activeAfter} of ${figures.learners} subscriptions were active with their period moved on by every month the clock went forward.`,
  );
  say();
}
