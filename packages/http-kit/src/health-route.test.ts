import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { healthRoute } from './health-route';
import { httpKit } from './http-kit';
import { createRootServer } from './root-server';

/** A database whose answer the test sets, counting how often it is asked. */
function database() {
  const state = { up: true, pings: 0 };
  return {
    state,
    ping: async () => {
      state.pings += 1;
      if (!state.up) throw new Error('connection refused');
    },
  };
}

describe('health routes', () => {
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function serviceWith(db: ReturnType<typeof database>) {
    app = createRootServer({ logLevel: 'silent' });
    await app.register(httpKit);
    await app.register(async (routes) => healthRoute(routes, 'sample', db), { prefix: '/svc' });
    return app;
  }

  it('answers liveness without the database, and readiness only while it answers', async () => {
    const db = database();
    const service = await serviceWith(db);
    db.state.up = false;

    const live = await service.inject('/svc/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', service: 'sample' });
    expect(db.state.pings).toBe(0);

    const ready = await service.inject('/svc/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'unavailable' });
    expect(ready.headers['retry-after']).toBe('5');

    // A failed check is not remembered: the next one sees the database back at once.
    db.state.up = true;
    expect((await service.inject('/svc/health/ready')).statusCode).toBe(200);
    expect((await service.inject('/svc/health')).json()).toEqual({
      status: 'ok',
      service: 'sample',
      database: 'up',
    });
  });

  it('asks the database once for many checks in the same second', async () => {
    const db = database();
    const service = await serviceWith(db);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => service.inject('/svc/health')),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(db.state.pings).toBe(1);
  });

  it('fails readiness, not liveness, once a stop has begun', async () => {
    const service = await serviceWith(database());
    service.lifecycle.stopping = true;
    const ready = await service.inject('/svc/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('1');
    expect((await service.inject('/svc/health/live')).statusCode).toBe(200);
  });
});
