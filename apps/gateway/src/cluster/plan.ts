/**
 * Questa as several processes behind HAProxy: which processes, started how, with which settings,
 * and where HAProxy finds them. `npm run start:cluster`, its test and (by a test that compares
 * them) deploy/compose.yaml and deploy/haproxy.cfg all follow this one list.
 */

/** Where a balancer asks the web process; no path of the client's router starts like this. */
export const WEB_HEALTH_PREFIX = '/web/health';

/** HAProxy's check interval and failures to take a process out (deploy/haproxy.cfg, `inter`, `fall`). */
export const HAPROXY_CHECK = { intervalMs: 500, fall: 2, rise: 2 } as const;

/**
 * How long a stopping API or web process keeps answering while its readiness fails: several
 * check intervals past the `fall` HAProxy needs, so it is out before its port closes.
 */
export const DRAIN_MS = HAPROXY_CHECK.intervalMs * HAPROXY_CHECK.fall * 3;

/** The main-API processes of a full cluster, each a server of HAProxy's `api` backend. */
export const API_REPLICAS = 3;

/** The one-shot first start (migrations, demo content) that runs before the services. */
export const FIRST_START_COMMAND = ['node', '--import', 'tsx', 'apps/gateway/src/first-start.ts'];

export type ServiceName = 'identity' | 'question-db' | 'payments-sandbox' | 'api' | 'web';

/** What the processes of one run share and where each of them is reached. */
export interface ClusterSettings {
  /** The origin browsers use: HAProxy's frontend. */
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  /** Both ends of the main API's registration at the identity provider. */
  oidcClientSecret: string;
  /** The sandbox partner's keys, which the main API uses to call it and check its webhooks. */
  sandboxKeys: { secretKey: string; webhookSecret: string };
  /** The address a process listens on (`127.0.0.1` on one machine, `0.0.0.0` in containers). */
  listenHost: string;
  /** Where a process is reached by the others and by HAProxy, e.g. `127.0.0.1:8084` or `api-1:8080`. */
  addressOf(process: string): { host: string; port: number };
  /** The data folder of a process (the question database's holds the media). */
  dataDirOf(service: ServiceName, process: string): string;
  /**
   * One outbox for the mail of every process that sends some, where there is no SMTP server;
   * unset, each writes into its own data folder.
   */
  mailOutboxDir?: string;
  /**
   * How many of the API_REPLICAS main-API processes run (all, unless set): HAProxy keeps the
   * others configured, finds them DOWN and sends them nothing, so a bench can compare 1 with 3
   * on the one configuration file.
   */
  apiProcesses?: number;
}

export interface ClusterProcess {
  /** `api-1`, `identity`, …: HAProxy's server name and compose.yaml's service name. */
  name: string;
  /** HAProxy's backend, shared by the replicas of one service. */
  service: ServiceName;
  /** The command, from the repository's root; `node` is the Node.js that runs the launcher. */
  command: string[];
  /** The path that answers 200 while the process should get work. */
  readyPath: string;
  /** The variable HAProxy reads this process's address from. */
  addressVariable: string;
  env: Record<string, string>;
}

const entry = (file: string) => ['node', '--import', 'tsx', file];

export function clusterProcesses(settings: ClusterSettings): ClusterProcess[] {
  const url = (name: string) => {
    const { host, port } = settings.addressOf(name);
    return `http://${host}:${port}`;
  };
  const own = (service: ServiceName, name: string) => ({
    PORT: String(settings.addressOf(name).port),
    HOST: settings.listenHost,
    // The web process keeps nothing; every other one has a data folder of its own.
    ...(service !== 'web' && { QUESTA_DATA_DIR: settings.dataDirOf(service, name) }),
  });
  const common = {
    DATABASE_URL: settings.databaseUrl,
    PUBLIC_URL: settings.publicUrl,
    // HAProxy is the one proxy in front: its X-Forwarded-For entry is the learner's address.
    TRUST_PROXY: '1',
  };
  const mail: Record<string, string> = settings.mailOutboxDir
    ? { MAIL_OUTBOX_DIR: settings.mailOutboxDir }
    : {};
  const stripeKeys = {
    STRIPE_SECRET_KEY: settings.sandboxKeys.secretKey,
    STRIPE_WEBHOOK_SECRET: settings.sandboxKeys.webhookSecret,
  };
  const process = (
    service: ServiceName,
    name: string,
    file: string,
    readyPath: string,
    env: Record<string, string>,
  ): ClusterProcess => ({
    name,
    service,
    command: entry(file),
    readyPath,
    addressVariable: `QUESTA_${name.replaceAll('-', '_').toUpperCase()}`,
    env: { ...own(service, name), ...env },
  });

  return [
    process('identity', 'identity', 'apps/identity/src/server.ts', '/idp/health/ready', {
      ...common,
      // Sign-in limits are counted in Redis, so they hold across processes.
      REDIS_URL: settings.redisUrl,
      REDIS_KEY_PREFIX: settings.redisKeyPrefix,
      OIDC_CLIENT_SECRET: settings.oidcClientSecret,
      ...mail,
    }),
    process(
      'question-db',
      'question-db',
      'apps/question-db/src/server.ts',
      '/qdb/api/v1/health/ready',
      common,
    ),
    process(
      'payments-sandbox',
      'payments-sandbox',
      'apps/payments-sandbox/src/server.ts',
      '/sandbox-pay/health/ready',
      {
        ...common,
        ...stripeKeys,
        // Through HAProxy, so whichever API process is up takes the event.
        PAYMENTS_SANDBOX_WEBHOOK_URL: `${settings.publicUrl}/api/billing/webhook`,
      },
    ),
    ...Array.from({ length: settings.apiProcesses ?? API_REPLICAS }, (_, i) =>
      process('api', `api-${i + 1}`, 'apps/api/src/server.ts', '/api/health/ready', {
        ...common,
        REDIS_URL: settings.redisUrl,
        REDIS_KEY_PREFIX: settings.redisKeyPrefix,
        QDB_URL: `${url('question-db')}/qdb/api/v1`,
        OIDC_CLIENT_SECRET: settings.oidcClientSecret,
        ...stripeKeys,
        STRIPE_API_BASE: url('payments-sandbox'),
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        ...mail,
      }),
    ),
    process('web', 'web', 'apps/gateway/src/web-server.ts', `${WEB_HEALTH_PREFIX}/ready`, {
      PUBLIC_URL: settings.publicUrl,
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    }),
  ];
}

/**
 * The first start's settings: it migrates every schema and writes the demo content, with its
 * media in the question database's data folder, where that process serves them from.
 */
export function firstStartEnv(settings: ClusterSettings): Record<string, string> {
  return {
    DATABASE_URL: settings.databaseUrl,
    QUESTA_DATA_DIR: settings.dataDirOf('question-db', 'question-db'),
  };
}

/**
 * HAProxy's settings: its own addresses and every process's (deploy/haproxy.cfg), those of API
 * processes that do not run included, as the configuration names every server.
 */
export function haproxyEnv(
  settings: ClusterSettings,
  binds: { bind: string; statsBind: string },
): Record<string, string> {
  const env: Record<string, string> = {
    QUESTA_BIND: binds.bind,
    QUESTA_STATS_BIND: binds.statsBind,
  };
  for (const running of clusterProcesses({ ...settings, apiProcesses: API_REPLICAS })) {
    const { host, port } = settings.addressOf(running.name);
    env[running.addressVariable] = `${host}:${port}`;
  }
  return env;
}

/** The order to start them in: what others call first, the API next, the web client last. */
export const START_ORDER: ServiceName[][] = [
  ['identity', 'question-db', 'payments-sandbox'],
  ['api'],
  ['web'],
];
