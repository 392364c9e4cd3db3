import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './server-config.ts';
import { loadWebBuildConfig } from './web-build-config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({ INIT_CWD: '/srv/questa' });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/questa/.questa',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      questionDbUrl: 'http://127.0.0.1:8080/qdb/api/v1',
      oidc: {
        issuer: 'http://localhost:8080/idp',
        embedded: true,
        audience: 'urn:questa:question-db',
        serviceClients: ['questa-web'],
      },
      s3: undefined,
      secureCookies: false,
      redisKeyPrefix: 'questa:',
    });
  });

  it('writes mail into the data folder’s outbox unless told of a shared one', () => {
    expect(loadConfig({ INIT_CWD: '/srv/questa', QUESTA_DATA_DIR: 'api-1' }).mail.outboxDir).toBe(
      '/srv/questa/api-1/outbox',
    );
    expect(
      loadConfig({ INIT_CWD: '/srv/questa', QUESTA_DATA_DIR: 'api-1', MAIL_OUTBOX_DIR: 'mail' })
        .mail.outboxDir,
    ).toBe('/srv/questa/mail');
  });

  it('sweeps for due reminders every five minutes unless told otherwise', () => {
    expect(loadConfig({}).reminderSweepIntervalMs).toBe(300_000);
    expect(loadConfig({ REMINDER_SWEEP_INTERVAL_MS: '2000' }).reminderSweepIntervalMs).toBe(2000);
    expect(() => loadConfig({ REMINDER_SWEEP_INTERVAL_MS: '50' })).toThrow(
      'REMINDER_SWEEP_INTERVAL_MS must be at least 100 milliseconds',
    );
  });

  it('erases due workspaces every ten minutes after fourteen days unless told otherwise', () => {
    expect(loadConfig({}).workspaceDeletion).toEqual({
      sweepIntervalMs: 600_000,
      graceMs: undefined,
    });
    expect(
      loadConfig({
        WORKSPACE_DELETION_SWEEP_INTERVAL_MS: '500',
        WORKSPACE_DELETION_GRACE_SECONDS: '30',
      }).workspaceDeletion,
    ).toEqual({ sweepIntervalMs: 500, graceMs: 30_000 });
    expect(() => loadConfig({ WORKSPACE_DELETION_GRACE_SECONDS: '0' })).toThrow(
      'WORKSPACE_DELETION_GRACE_SECONDS must be a whole number of seconds',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 1 to 65535 (got "eighty").'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ OIDC_AUDIENCE: 'not a uri' }, 'OIDC_AUDIENCE must be an absolute URI'],
    [
      { REDIS_KEY_PREFIX: 'questa live' },
      'REDIS_KEY_PREFIX must be letters, digits and . : _ - only',
    ],
    [
      { QDB_SERVICE_CLIENTS: 'questa-web,,reports' },
      'QDB_SERVICE_CLIENTS must list OAuth client ids separated by commas (got "questa-web,,reports").',
    ],
    [
      { S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID',
    ],
  ])('names the variable in one sentence: %j', (env, sentence) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(sentence);
  });

  it('trusts the main API’s own client as a service unless told which clients to trust', () => {
    expect(loadConfig({ OIDC_CLIENT_ID: 'questa-at-example' }).oidc.serviceClients).toEqual([
      'questa-at-example',
    ]);
    expect(
      loadConfig({ QDB_SERVICE_CLIENTS: ' questa-web , reports-worker ' }).oidc.serviceClients,
    ).toEqual(['questa-web', 'reports-worker']);
  });

  it('switches to an external provider, secure cookies and S3 when told to', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://quiz.example.org/',
      OIDC_ISSUER: 'https://login.example.org/realms/questa',
      OIDC_CLIENT_SECRET: 'a-secret-of-sixteen-or-more',
      S3_BUCKET: 'questa-media',
    });
    expect(config.publicUrl).toBe('https://quiz.example.org');
    expect(config.secureCookies).toBe(true);
    expect(config.oidc).toMatchObject({
      embedded: false,
      issuer: 'https://login.example.org/realms/questa',
    });
    expect(config.s3).toMatchObject({
      bucket: 'questa-media',
      prefix: 'media/',
      credentials: undefined,
    });
  });

  it('asks for HSTS when browsers reach Questa over HTTPS, a proxy ending TLS or not', () => {
    expect(loadConfig({}).hsts).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://quiz.example.org' }).hsts).toEqual({
      maxAgeSeconds: 31_536_000,
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://quiz.example.org', HSTS_MAX_AGE_SECONDS: '600' }).hsts,
    ).toEqual({ maxAgeSeconds: 600 });
    expect(
      loadConfig({ PUBLIC_URL: 'https://quiz.example.org', HSTS_MAX_AGE_SECONDS: '0' }).hsts,
    ).toBeUndefined();
    expect(() => loadConfig({ HSTS_MAX_AGE_SECONDS: 'a year' })).toThrow(
      'HSTS_MAX_AGE_SECONDS must be a whole number of seconds',
    );
  });

  it('believes forwarded client addresses only from the proxies it is told of', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback,10.0.0.0/8',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(
      'TRUST_PROXY must be a number of proxies',
    );
  });
});

describe('loadWebBuildConfig', () => {
  it('has the one-process defaults', () => {
    expect(loadWebBuildConfig({})).toMatchObject({
      apiBase: '/api',
      questionDbBase: '/qdb/api/v1/clients',
      cdnBase: '/cdn',
    });
  });

  it('refuses bases that do not end where the client expects, and secret payment keys', () => {
    expect(() => loadWebBuildConfig({ QUESTA_WEB_API_BASE: '/backend' })).toThrow(
      'must end in /api',
    );
    expect(() => loadWebBuildConfig({ QUESTA_WEB_PAYMENT_CLIENT_ID: 'sk_live_x' })).toThrow(
      'never a secret key',
    );
  });
});
