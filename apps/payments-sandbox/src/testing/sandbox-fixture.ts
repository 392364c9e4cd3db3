import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import {
  buildApp,
  PAYMENTS_SANDBOX_PREFIX,
  PAYMENTS_SANDBOX_SCHEMA,
  paymentsSandboxMigrations,
  type PaymentsSandboxDeps,
} from '../app';
import { makeUpSandboxKeys } from '../sandbox-deps';

/**
 * How long tests wait for a condition (a clock ready, a delivery made): long enough for a machine
 * busy with other work, and no longer than the condition takes on a quiet one.
 */
export const WAIT_MS = 30_000;

export interface RunningSandbox {
  app: FastifyInstance;
  test: TestDatabase;
  /** The sandbox's origin, e.g. http://127.0.0.1:40123: give the SDK its host and port. */
  origin: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Calls the sandbox's control API (`/sandbox-pay/control/…`) with the secret key. */
  control(path: string, form?: Record<string, string>): Promise<Record<string, unknown>>;
  /** Moves the sandbox's own clock forward and waits until everything due is done. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A sandbox on a fresh database, listening on a free loopback port so the stripe SDK can reach
 * it over real HTTP. Its webhooks go to `webhookUrls`.
 */
export async function startSandbox(
  options: Partial<Omit<PaymentsSandboxDeps, 'database'>> = {},
): Promise<RunningSandbox> {
  const test = await createTestDatabase();
  await migrate(test.database, PAYMENTS_SANDBOX_SCHEMA, paymentsSandboxMigrations);
  const keys = makeUpSandboxKeys();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    database: test.database,
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    webhookUrls: [],
    publicUrl: origin,
    sweepIntervalMs: 0,
    retryDelaysMs: [50, 100, 200],
    deliveryPollMs: 50,
    ...options,
  });
  await app.listen({ port, host: '127.0.0.1' });

  const control = async (path: string, form?: Record<string, string>) => {
    const response = await fetch(`${origin}${PAYMENTS_SANDBOX_PREFIX}/control${path}`, {
      method: form ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${keys.secretKey}`,
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(`control ${path} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };

  return {
    app,
    test,
    origin,
    host: '127.0.0.1',
    port,
    ...keys,
    control,
    async advance(seconds) {
      await control('/clock/advance', { seconds: String(seconds) });
    },
    async close() {
      await app.close();
      await test.dispose();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
