import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  created: number;
  [key: string]: unknown;
}

export interface Delivery {
  event: ReceivedEvent;
  raw: string;
  headers: IncomingHttpHeaders;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** Every delivery whose signature verified, in the order they arrived. */
  deliveries: Delivery[];
  /** Deliveries refused because the signature did not verify. */
  rejected: { raw: string; error: string }[];
  /** The status the next deliveries get, one per delivery, then 200. */
  respondWith(statuses: number[]): void;
  /** Resolves with the deliveries once `predicate` holds for them; waits for the condition. */
  waitFor(predicate: (deliveries: Delivery[]) => boolean, timeoutMs?: number): Promise<Delivery[]>;
  /** The deliveries of events of `type`. */
  ofType(type: string): Delivery[];
  close(): Promise<void>;
}

/**
 * A webhook endpoint for tests: it verifies each delivery with `verify` (the stripe SDK's
 * `constructEvent` in the sandbox's tests), answers 200 unless told otherwise, and keeps what
 * arrived.
 */
export async function startWebhookReceiver(
  verify: (raw: string, signature: string) => ReceivedEvent,
): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const rejected: { raw: string; error: string }[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = verify(raw, String(request.headers['stripe-signature'] ?? ''));
        const status = statuses.shift() ?? 200;
        if (status < 300) {
          deliveries.push({ event, raw, headers: request.headers, receivedAt: Date.now() });
        }
        response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        rejected.push({ raw, error: (error as Error).message });
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhook`,
    deliveries,
    rejected,
    respondWith(next) {
      statuses.push(...next);
    },
    async waitFor(predicate, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(deliveries)) {
        if (Date.now() > deadline) {
          throw new Error(
            `The expected webhooks did not arrive; got: ${deliveries.map((d) => d.event.type).join(', ') || 'none'}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return deliveries;
    },
    ofType: (type) => deliveries.filter((delivery) => delivery.event.type === type),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
