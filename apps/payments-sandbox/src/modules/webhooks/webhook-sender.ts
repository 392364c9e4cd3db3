import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedDelivery, DeliveryRepository } from '../../store/delivery.repository';
import { signatureHeader } from './signature';

export interface WebhookSenderOptions {
  deliveries: DeliveryRepository;
  signingSecret: string;
  /** Waits before each retry, in milliseconds; a delivery is given up after the last. */
  retryDelaysMs: readonly number[];
  /** How long one attempt may take. */
  timeoutMs: number;
  /** How often the outbox is looked at when nothing woke the sender. */
  pollMs: number;
  log: FastifyBaseLogger;
}

/**
 * Retries: after 1 s, 5 s, 30 s, 2 min, 10 min and 1 h, then the delivery is given up. Stripe
 * retries for days; a sandbox on a developer's machine only needs to outlast a restart.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000];

export interface WebhookSender {
  /** Looks at the outbox now (new events were committed). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Posts committed events to their endpoints, at least once: each delivery is claimed in a
 * statement of its own and posted with no transaction open, then marked delivered or scheduled
 * for a retry with backoff.
 */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const leaseMs = options.timeoutMs + 30_000;

  async function deliver(delivery: ClaimedDelivery) {
    const pending = await options.deliveries.pendingCount(delivery.event.id);
    const payload = JSON.stringify({ ...delivery.event, pending_webhooks: pending }, null, 2);
    const signature = signatureHeader(
      payload,
      options.signingSecret,
      Math.floor(Date.now() / 1000),
    );
    const retryInMs = options.retryDelaysMs[delivery.attempts - 1] ?? null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks; Questa sandbox)',
        },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return options.deliveries.delivered(delivery.id, response.status);
      options.log.warn(
        { event: delivery.event.id, url: delivery.url, status: response.status },
        'payments sandbox: webhook refused',
      );
      await options.deliveries.failed(delivery.id, {
        status: response.status,
        error: `HTTP ${response.status}`,
        retryInMs,
      });
    } catch (error) {
      options.log.warn(
        { event: delivery.event.id, url: delivery.url, err: error },
        'payments sandbox: webhook not delivered',
      );
      await options.deliveries.failed(delivery.id, {
        status: null,
        error: (error as Error).message,
        retryInMs,
      });
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const delivery = await options.deliveries.claimNext(leaseMs);
        if (!delivery) break;
        await deliver(delivery);
      }
    } while (again && !stopped);
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        if (!stopped) options.log.error({ err: error }, 'payments sandbox: webhook sender failed');
      })
      .finally(() => {
        running = undefined;
      });
  }

  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
