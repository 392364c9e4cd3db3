import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScaledTimeout } from '@questa/config';
import { until } from './testing/live-client';
import { freePort, spawnEntry, stopChild, waitForHealth } from './testing/start-questa';

/** Long enough to be seen on a busy machine; the test waits it out once. */
const DRAIN_MS = 4000;

// The sandbox partner as the cluster runs it (apps/gateway/src/cluster/plan.ts): a process of its
// own behind HAProxy, which must see it stop before its port closes, as it sees every other one.
describe(
  'the payment sandbox as a process of its own',
  { timeout: loadScaledTimeout(180_000) },
  () => {
    const folders: string[] = [];
    afterAll(async () => {
      for (const folder of folders) await rm(folder, { recursive: true, force: true });
    });

    it('fails readiness as soon as it is told to stop, drains, and then ends', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'questa-sandbox-'));
      folders.push(dataDir);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}/sandbox-pay`;
      const run = spawnEntry('apps/payments-sandbox/src/server.ts', {
        PORT: String(port),
        HOST: '127.0.0.1',
        QUESTA_DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: `sk_test_${randomBytes(24).toString('hex')}`,
        STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      });
      try {
        await waitForHealth(url, run.child, run.output, '/health/ready');
        expect((await fetch(`${url}/health/live`)).status).toBe(200);

        const signalled = Date.now();
        run.child.kill('SIGTERM');
        const notReady = await until(async () => {
          const ready = await fetch(`${url}/health/ready`);
          return ready.status === 503 && ready;
        }, 'the sandbox to say it is not ready');
        expect(await notReady.json()).toMatchObject({ code: 'unavailable' });
        // Still answering while it drains: the balancer has time to take it out.
        expect((await fetch(`${url}/health/live`)).status).toBe(200);

        expect(await run.exited).toBe(0);
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      } finally {
        await stopChild(run.child, 'SIGKILL');
      }
    });
  },
);
