import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { httpKit } from './http-kit';
import { sampledGauge } from './metrics';
import { createRootServer } from './root-server';

const TOKEN = 'a-metrics-token-of-some-length';

describe('metrics', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function service(metricsToken?: string) {
    app = createRootServer({ logLevel: 'silent', metricsToken });
    await app.register(httpKit);
    await app.register(async (routes) => {
      routes.get('/items/:id', { config: { permission: 'public' } }, () => 'item');
    });
    return app;
  }

  it('counts requests under their route template, for a scraper on the machine', async () => {
    const root = await service();
    await root.inject('/items/1');
    await root.inject('/items/2');
    const scraped = await root.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(scraped.body).toMatch(
      /questa_http_request_duration_seconds_count\{method="GET",route="\/items\/:id",status="200"\} \d+/,
    );
    expect(scraped.body).not.toContain('/items/1');
  });

  it('refuses other machines and proxied requests without the token, and takes it', async () => {
    const open = await service();
    expect((await open.inject({ url: '/metrics', remoteAddress: '198.51.100.7' })).statusCode).toBe(
      401,
    );
    const proxied = await open.inject({
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(proxied.statusCode).toBe(401);
    expect(proxied.json()).toMatchObject({ code: 'auth.required' });
    await open.close();

    const guarded = await service(TOKEN);
    // With a token set, even the machine itself shows it.
    expect((await guarded.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(
      401,
    );
    const wrong = await guarded.inject({
      url: '/metrics',
      remoteAddress: '198.51.100.7',
      headers: { authorization: `Bearer ${TOKEN.replace('a', 'b')}` },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.inject({
      url: '/metrics',
      remoteAddress: '198.51.100.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
  });

  it('samples gauges when scraped, and leaves out a source that cannot say', async () => {
    const gauge = sampledGauge({
      name: 'questa_test_sampled',
      help: 'A gauge for this test.',
      labelNames: ['source'],
    });
    let depth = 3;
    const removeGood = gauge.addSource(() => [[{ source: 'good' }, depth]]);
    const removeBad = gauge.addSource(() => Promise.reject(new Error('database away')));
    const root = await service();
    const scrape = async () =>
      (await root.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(await scrape()).toContain('questa_test_sampled{source="good"} 3');
    depth = 5;
    expect(await scrape()).toContain('questa_test_sampled{source="good"} 5');
    removeGood();
    removeBad();
    expect(await scrape()).not.toContain('questa_test_sampled{source="good"}');
  });
});
