import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_SANDBOX_PREFIX } from './app';
import { startSandbox, type RunningSandbox } from './testing/sandbox-fixture';

describe("the sandbox's health routes", () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const get = (path: string) => sandbox.app.inject(`${PAYMENTS_SANDBOX_PREFIX}${path}`);

  it('answers liveness and readiness as every Questa service does', async () => {
    const live = await get('/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', service: 'payments-sandbox' });
    for (const path of ['/health/ready', '/health']) {
      const ready = await get(path);
      expect(ready.statusCode, path).toBe(200);
      expect(ready.json(), path).toEqual({
        status: 'ok',
        service: 'payments-sandbox',
        database: 'up',
      });
    }
  });

  it('fails readiness, not liveness, once a stop has begun', async () => {
    sandbox.app.lifecycle.stopping = true;
    try {
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('1');
      expect(ready.json()).toMatchObject({ code: 'unavailable' });
      expect((await get('/health/live')).statusCode).toBe(200);
    } finally {
      sandbox.app.lifecycle.stopping = false;
    }
  });

  it('keeps its own pages for every other address under its prefix', async () => {
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
  });
});
