import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitSettings } from '@questa/config';
import { createLimitRepository } from '../modules/limits/limit.repository';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../testing';

const API = '/qdb/api/v1';
const settings: RateLimitSettings = {
  windowMs: 60_000,
  perSession: 4,
  perAddress: 3,
  perApiKey: { free: 5, paid: 8 },
  redisTimeoutMs: 200,
};

describe('request limits of the question database', () => {
  let t: TestQuestionDb;
  let free: string;
  let paid: string;
  let ownerToken: string;

  const createKey = async (clientId: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/clients/${clientId}/credentials`,
      headers: bearer(ownerToken),
      payload: { scopes: ['banks:read'] },
      // Each tenant's owner creates its key from an address of its own.
      remoteAddress: `10.0.0.${clientId === free ? 1 : 2}`,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ secret: string }>().secret;
  };

  beforeAll(async () => {
    t = await startTestQuestionDb({
      rateLimits: { settings, redisUrl: undefined, redisKeyPrefix: 'questa-test:' },
    });
    free = await t.createTenant('free-co', { owen: 'owner' });
    paid = await t.createTenant('paid-co', { owen: 'owner' });
    await createLimitRepository(t.db).setPlanLimits(
      paid,
      { members: 12, banks: 200, questions: 50_000 },
      1,
    );
    ownerToken = await t.issuer.sign({ sub: 'owen' });
  });
  afterAll(() => t?.close());

  it('counts an API key by its workspace’s plan and shows the quota left in headers', async () => {
    for (const [clientId, limit] of [
      [free, settings.perApiKey.free],
      [paid, settings.perApiKey.paid],
    ] as const) {
      const key = await createKey(clientId);
      const call = () =>
        t.app.inject({ url: `${API}/clients/${clientId}/banks`, headers: bearer(key) });
      for (let made = 1; made <= limit; made++) {
        const response = await call();
        expect(response.statusCode).toBe(200);
        expect(response.headers['ratelimit-limit']).toBe(String(limit));
        expect(response.headers['ratelimit-remaining']).toBe(String(limit - made));
        expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
        expect(Number(response.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
      }
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', status: 429 });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
    }
  });

  it('counts a person by their account, whatever address they call from', async () => {
    const token = await t.issuer.sign({ sub: 'pia' });
    const statuses = [];
    for (let made = 0; made <= settings.perSession; made++) {
      const response = await t.app.inject({
        url: `${API}/me/memberships`,
        headers: bearer(token),
        remoteAddress: `10.1.0.${made}`,
      });
      statuses.push(response.statusCode);
      // Quotas are an integrator's business; people's calls carry none.
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }
    expect(statuses).toEqual([...Array<number>(settings.perSession).fill(200), 429]);
  });

  it('counts anonymous calls by address, and never Questa’s own services', async () => {
    const anonymous = (remoteAddress: string) =>
      t.app.inject({ url: `${API}/catalog/banks`, remoteAddress });
    for (let made = 0; made < settings.perAddress; made++) {
      expect((await anonymous('10.2.0.1')).statusCode).toBe(200);
    }
    const refused = await anonymous('10.2.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await anonymous('10.2.0.2')).statusCode).toBe(200);

    // A bad token on a public route counts against the address like no token at all.
    const forged = await t.app.inject({
      url: `${API}/catalog/banks`,
      headers: bearer('not.a.token'),
      remoteAddress: '10.2.0.1',
    });
    expect(forged.statusCode).toBe(429);

    const service = await t.issuer.signService();
    for (let made = 0; made < settings.perAddress * 3; made++) {
      const response = await t.app.inject({
        url: `${API}/catalog/banks`,
        headers: bearer(service),
        remoteAddress: '10.2.0.1',
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('never counts health checks', async () => {
    for (let made = 0; made < settings.perAddress * 2; made++) {
      const response = await t.app.inject({ url: `${API}/health/live`, remoteAddress: '10.3.0.1' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('request limits while Redis is unreachable', () => {
  let t: TestQuestionDb;

  beforeAll(async () => {
    // A port that was just free and is closed again: every connection is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    t = await startTestQuestionDb({
      rateLimits: {
        settings,
        redisUrl: `redis://127.0.0.1:${port}`,
        redisKeyPrefix: 'questa-test:outage:',
      },
    });
  });
  afterAll(() => t?.close());

  it('lets every request through, promptly, uncounted', async () => {
    for (let made = 0; made < settings.perAddress * 3; made++) {
      const started = performance.now();
      const response = await t.app.inject({
        url: `${API}/catalog/banks`,
        remoteAddress: '10.4.0.1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBeUndefined();
      // The store's bound (200 ms) plus a busy machine's slack; never ioredis's reconnecting.
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });
});
