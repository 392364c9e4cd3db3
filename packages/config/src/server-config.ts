import path from 'node:path';
import { z } from 'zod';
import {
  booleanFlag,
  ConfigError,
  httpUrl,
  parseEnv,
  port,
  postgresUrl,
  toBoolean,
  type Env,
} from './env.ts';
import {
  loadPaymentsSandboxConfig,
  paymentsSandboxSchema,
  type PaymentsSandboxConfig,
} from './payments-sandbox-config.ts';

export { ConfigError } from './env.ts';

const requestLimit = (unit: string) =>
  z.coerce
    .number({ error: `must be a whole number of ${unit}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(1, { error: `must be at least 1` });

const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string({ error: 'must be a host name or address' }).default('localhost'),
  QUESTA_DATA_DIR: z.string().default('.questa'),
  DATABASE_URL: postgresUrl.optional(),
  PUBLIC_URL: httpUrl.optional(),
  QDB_URL: httpUrl.optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('questa-web'),
  OIDC_CLIENT_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  OIDC_SCOPES: z.string().default('openid email profile offline_access'),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_AUDIENCE: z
    .url({ error: 'must be an absolute URI such as urn:questa:question-db' })
    .default('urn:questa:question-db'),
  QDB_SERVICE_CLIENTS: z
    .string()
    .regex(/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/, {
      error: 'must list OAuth client ids separated by commas',
    })
    .optional(),
  DEMO_ACCOUNTS: booleanFlag.default('true'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Questa <no-reply@questa.test>'),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(3, { error: 'must name a bucket' }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_PREFIX: z.string().default('media/'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default('true'),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]+$/, { error: 'must be letters, digits and . : _ - only' })
    .default('questa:'),
  DEMO_CONTENT: booleanFlag.default('true'),
  TRUST_PROXY: z
    .string()
    .regex(/^\s*(\d{1,2}|[\w.:/-]+(\s*,\s*[\w.:/-]+)*)\s*$/, {
      error:
        'must be a number of proxies, or addresses and networks separated by commas (such as loopback or 10.0.0.0/8)',
    })
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' })
    .default('auto'),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(0, { error: 'must be a number of milliseconds' })
    .default(5000),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(0, { error: 'must be a number of milliseconds' })
    .default(0),
  EXAM_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be a whole number of seconds' })
    .max(3600, { error: 'must be at most 3600 seconds' })
    .default(60),
  EXAM_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(5000),
  REMINDER_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(5 * 60_000),
  WORKSPACE_DELETION_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(10 * 60_000),
  // Unset: the rule's fourteen days. Shorter only for a test server, which watches the sweep.
  WORKSPACE_DELETION_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be a whole number of seconds' })
    .optional(),
  DATABASE_WAIT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .default(15_000),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_\w+$/, { error: 'must be a secret (sk_…) or restricted (rk_…) API key' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  STRIPE_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(100, { error: 'must be at least 100 milliseconds' })
    .max(60_000, { error: 'must be at most 60000 milliseconds' })
    .default(10_000),
  BILLING_PAST_DUE_GRACE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be a whole number of days' })
    .max(60, { error: 'must be at most 60 days' })
    .default(7),
  BILLING_CHECKOUT_EXPIRY_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(30, { error: 'must be from 30 to 1440 minutes (the partner’s limits)' })
    .max(1440, { error: 'must be from 30 to 1440 minutes (the partner’s limits)' })
    .default(60),
  BILLING_RENEWAL_NOTICE_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be from 1 to 60 days' })
    .max(60, { error: 'must be from 1 to 60 days' })
    .default(7),
  BILLING_RECONCILE_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int({ error: 'must be a whole number of hours' })
    .min(0, { error: 'must be a whole number of hours' })
    .max(168, { error: 'must be at most 168 hours' })
    .default(24),
  HSTS_MAX_AGE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be a whole number of seconds (0 sends no HSTS header)' })
    .max(63_072_000, { error: 'must be at most 63072000 seconds (two years)' })
    .default(31_536_000),
  IDP_ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(10, { error: 'must be at least 10 seconds' })
    .max(86_400, { error: 'must be at most 86400 seconds' })
    .default(600),
  RATE_LIMIT_WINDOW_SECONDS: requestLimit('seconds')
    .max(3600, {
      error: 'must be at most 3600 seconds',
    })
    .default(60),
  RATE_LIMIT_PER_SESSION: requestLimit('requests').default(600),
  RATE_LIMIT_PER_ADDRESS: requestLimit('requests').default(300),
  RATE_LIMIT_PER_API_KEY: requestLimit('requests').default(600),
  RATE_LIMIT_PER_API_KEY_PAID: requestLimit('requests').default(6000),
  RATE_LIMIT_REDIS_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a number of milliseconds' })
    .min(10, { error: 'must be at least 10 milliseconds' })
    .max(5000, { error: 'must be at most 5000 milliseconds' })
    .default(250),
  ...paymentsSandboxSchema,
  NODE_ENV: z.string().default('production'),
  INIT_CWD: z.string().optional(),
});

export interface RateLimitSettings {
  windowMs: number;
  /** A signed-in person, over all their sessions' requests (the question database: their token). */
  perSession: number;
  /** Anonymous calls from one client address (`request.ip`, the forwarded one behind TRUST_PROXY). */
  perAddress: number;
  /** An integrator's API key, by its workspace's plan. */
  perApiKey: { free: number; paid: number };
  /** How long a request waits for Redis before it is let through uncounted. */
  redisTimeoutMs: number;
}

export interface QuestaConfig {
  port: number;
  host: string;
  /** Absolute path of the folder that holds PGlite's files, media and keys in one-process mode. */
  dataDir: string;
  /** Unset means the embedded PGlite database inside `dataDir`. */
  databaseUrl: string | undefined;
  /** The origin browsers use, without a trailing slash. */
  publicUrl: string;
  /** Base of the question-database API as the main API reaches it, ending in `/qdb/api/v1`. */
  questionDbUrl: string;
  oidc: {
    issuer: string;
    /** True when the issuer is the provider Questa embeds at `/idp`. */
    embedded: boolean;
    clientId: string;
    /** Unset with the embedded provider: the process makes one up at each start. */
    clientSecret: string | undefined;
    scopes: string;
    /** The claim of the ID token that lists global roles such as `admin`. */
    rolesClaim: string;
    /** Audience of access tokens for the question-database API. */
    audience: string;
    /**
     * Clients whose client-credentials tokens the question database accepts as a trusted Questa
     * service (the main API drawing catalog questions for learners).
     */
    serviceClients: string[];
    /** Embedded provider only: how long its access tokens live (a test may shorten it). */
    accessTokenTtlSeconds: number;
  };
  seedDemoAccounts: boolean;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /**
     * Where mail is written as files when there is no SMTP server: the data folder's `outbox`
     * unless MAIL_OUTBOX_DIR names one that several processes share, so a cluster's mail is
     * read in one place.
     */
    outboxDir: string;
  };
  /** Media on S3-compatible storage; unset keeps media in the data folder. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        prefix: string;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /** Cookies get `Secure` and the `__Host-` prefix when the public origin is HTTPS. */
  secureCookies: boolean;
  /**
   * Set when browsers reach Questa over HTTPS, which an `https://` PUBLIC_URL says even when a
   * proxy in front ends TLS and Questa itself only sees plain HTTP: every response then tells
   * browsers to use HTTPS only, for this long.
   */
  hsts: { maxAgeSeconds: number } | undefined;
  redisUrl: string | undefined;
  /**
   * Starts the name of every key and stream Questa keeps in Redis, so that several installations
   * (or test runs) can share one server.
   */
  redisKeyPrefix: string;
  seedDemoContent: boolean;
  /**
   * Which peers are proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed: a
   * number of hops, or their addresses. Unset, the peer itself is the client, so behind a load
   * balancer every learner would share its address (and its sign-in and join limits).
   */
  trustProxy: number | string | false;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Readable lines at a terminal, JSON lines everywhere else. */
  logFormat: 'pretty' | 'json';
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long readiness fails before the port closes: at least a load balancer's
   * check interval behind one, 0 for a process nothing balances.
   */
  shutdownDrainMs: number;
  /** Lets Prometheus read `/metrics` from another machine or through a proxy; loopback only without. */
  metricsToken: string | undefined;
  /** Where traces go over OTLP/HTTP, and the name they carry; no tracing without an endpoint. */
  tracing: { endpoint: string; serviceName: string | undefined } | undefined;
  /** Embedded database: how long a query waits for its one connection before failing with 503. */
  databaseWaitTimeoutMs: number;
  exams: {
    /** After an exam's deadline, answers on their way are still taken for this long. */
    graceSeconds: number;
    /** How often each API process closes exams whose deadline and grace have passed. */
    sweepIntervalMs: number;
  };
  /** How often each API process looks for assignments due within a day to remind learners of. */
  reminderSweepIntervalMs: number;
  workspaceDeletion: {
    /** How often each API process erases workspaces whose deletion is due. */
    sweepIntervalMs: number;
    /** Between asking and erasing; unset: WORKSPACE_DELETION_GRACE_DAYS of the contracts. */
    graceMs: number | undefined;
  };
  /**
   * Requests each caller may make to the main API and the question database per window, counted
   * in Redis across processes when REDIS_URL is set (decision 0042).
   */
  rateLimits: RateLimitSettings;
  /** The payment partner: Stripe with keys, the built-in sandbox without. */
  payments: {
    /** Unset: the built-in sandbox, whose key the one-process launcher makes up at each start. */
    secretKey: string | undefined;
    /** Signs the partner's webhooks; set together with the secret key. */
    webhookSecret: string | undefined;
    /** Where the SDK sends its calls; unset: Stripe's own API, or the sandbox without a key. */
    apiBase: string | undefined;
    /** Every call to the partner gives up after this long (and the caller gets a 503). */
    timeoutMs: number;
  };
  billing: {
    /** A subscription whose renewal payment failed keeps premium this long while it is retried. */
    pastDueGraceDays: number;
    /** A checkout the learner leaves unfinished expires after this long. */
    checkoutExpiryMinutes: number;
    /** Yearly subscribers are told this long before their renewal. */
    renewalNoticeDays: number;
    /** How often subscriptions are compared with the partner's; 0 only on an admin's request. */
    reconcileIntervalHours: number;
  };
  /** The built-in sandbox payment partner, where it runs (no STRIPE_SECRET_KEY, or its own process). */
  paymentsSandbox: PaymentsSandboxConfig;
  /** The folder the user ran the command from; npm workspaces change the process's own cwd. */
  invocationDir: string;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/** Parses the process environment once. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): QuestaConfig {
  const raw = parseEnv(schema, env);
  const invocationDir = raw.INIT_CWD ?? process.cwd();
  const localOrigin = `http://${raw.HOST === '0.0.0.0' || raw.HOST === '::' ? 'localhost' : raw.HOST}:${raw.PORT}`;
  const publicUrl = withoutTrailingSlash(raw.PUBLIC_URL ?? localOrigin);
  return {
    port: raw.PORT,
    host: raw.HOST,
    dataDir: path.resolve(invocationDir, raw.QUESTA_DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    publicUrl,
    // In one process the main API reaches the question DB over loopback, exactly as it would
    // reach a separate deployment, so both modes share one code path.
    questionDbUrl: withoutTrailingSlash(raw.QDB_URL ?? `http://127.0.0.1:${raw.PORT}/qdb/api/v1`),
    oidc: {
      issuer: withoutTrailingSlash(raw.OIDC_ISSUER ?? `${publicUrl}/idp`),
      embedded: raw.OIDC_ISSUER === undefined,
      clientId: raw.OIDC_CLIENT_ID,
      clientSecret: raw.OIDC_CLIENT_SECRET,
      scopes: raw.OIDC_SCOPES,
      rolesClaim: raw.OIDC_ROLES_CLAIM,
      audience: raw.OIDC_AUDIENCE,
      serviceClients: raw.QDB_SERVICE_CLIENTS?.split(',').map((id) => id.trim()) ?? [
        raw.OIDC_CLIENT_ID,
      ],
      accessTokenTtlSeconds: raw.IDP_ACCESS_TOKEN_TTL_SECONDS,
    },
    seedDemoAccounts: toBoolean(raw.DEMO_ACCOUNTS),
    mail: {
      smtpUrl: raw.SMTP_URL,
      from: raw.MAIL_FROM,
      outboxDir: raw.MAIL_OUTBOX_DIR
        ? path.resolve(invocationDir, raw.MAIL_OUTBOX_DIR)
        : path.join(path.resolve(invocationDir, raw.QUESTA_DATA_DIR), 'outbox'),
    },
    secureCookies: publicUrl.startsWith('https://'),
    hsts:
      publicUrl.startsWith('https://') && raw.HSTS_MAX_AGE_SECONDS > 0
        ? { maxAgeSeconds: raw.HSTS_MAX_AGE_SECONDS }
        : undefined,
    s3: raw.S3_BUCKET
      ? {
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION,
          endpoint: raw.S3_ENDPOINT,
          prefix: raw.S3_PREFIX,
          credentials: s3Credentials(raw.S3_ACCESS_KEY_ID, raw.S3_SECRET_ACCESS_KEY),
          forcePathStyle: toBoolean(raw.S3_FORCE_PATH_STYLE),
        }
      : undefined,
    redisUrl: raw.REDIS_URL,
    redisKeyPrefix: raw.REDIS_KEY_PREFIX,
    seedDemoContent: toBoolean(raw.DEMO_CONTENT),
    trustProxy: trustProxyOf(raw.TRUST_PROXY),
    logLevel: raw.LOG_LEVEL,
    logFormat:
      raw.LOG_FORMAT === 'auto' ? (process.stdout.isTTY ? 'pretty' : 'json') : raw.LOG_FORMAT,
    shutdownTimeoutMs: raw.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: raw.SHUTDOWN_DRAIN_MS,
    metricsToken: raw.METRICS_TOKEN,
    tracing: raw.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: raw.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: raw.OTEL_SERVICE_NAME }
      : undefined,
    databaseWaitTimeoutMs: raw.DATABASE_WAIT_TIMEOUT_MS,
    exams: { graceSeconds: raw.EXAM_GRACE_SECONDS, sweepIntervalMs: raw.EXAM_SWEEP_INTERVAL_MS },
    reminderSweepIntervalMs: raw.REMINDER_SWEEP_INTERVAL_MS,
    workspaceDeletion: {
      sweepIntervalMs: raw.WORKSPACE_DELETION_SWEEP_INTERVAL_MS,
      graceMs:
        raw.WORKSPACE_DELETION_GRACE_SECONDS === undefined
          ? undefined
          : raw.WORKSPACE_DELETION_GRACE_SECONDS * 1000,
    },
    rateLimits: {
      windowMs: raw.RATE_LIMIT_WINDOW_SECONDS * 1000,
      perSession: raw.RATE_LIMIT_PER_SESSION,
      perAddress: raw.RATE_LIMIT_PER_ADDRESS,
      perApiKey: { free: raw.RATE_LIMIT_PER_API_KEY, paid: raw.RATE_LIMIT_PER_API_KEY_PAID },
      redisTimeoutMs: raw.RATE_LIMIT_REDIS_TIMEOUT_MS,
    },
    payments: paymentsOf(raw),
    billing: {
      pastDueGraceDays: raw.BILLING_PAST_DUE_GRACE_DAYS,
      checkoutExpiryMinutes: raw.BILLING_CHECKOUT_EXPIRY_MINUTES,
      renewalNoticeDays: raw.BILLING_RENEWAL_NOTICE_DAYS,
      reconcileIntervalHours: raw.BILLING_RECONCILE_INTERVAL_HOURS,
    },
    paymentsSandbox: loadPaymentsSandboxConfig(raw, raw.PORT),
    invocationDir,
  };
}

function trustProxyOf(value: string | undefined): QuestaConfig['trustProxy'] {
  if (value === undefined) return false;
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed.replace(/\s+/g, '');
}

/** A real partner needs its key and its webhook secret together; the sandbox needs neither. */
function paymentsOf(raw: z.output<typeof schema>): QuestaConfig['payments'] {
  const key = raw.STRIPE_SECRET_KEY;
  const secret = raw.STRIPE_WEBHOOK_SECRET;
  if (Boolean(key) !== Boolean(secret)) {
    throw new ConfigError(
      `${key ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'} must be set together with ${key ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET'} (it is not set).`,
    );
  }
  return {
    secretKey: key,
    webhookSecret: secret,
    apiBase: raw.STRIPE_API_BASE && withoutTrailingSlash(raw.STRIPE_API_BASE),
    timeoutMs: raw.STRIPE_TIMEOUT_MS,
  };
}

/** Both keys or neither: without them the storage client's own credential chain applies. */
function s3Credentials(accessKeyId: string | undefined, secretAccessKey: string | undefined) {
  if (!accessKeyId && !secretAccessKey) return undefined;
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      `${accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} must be set together with ${accessKeyId ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} (it is not set).`,
    );
  }
  return { accessKeyId, secretAccessKey };
}
