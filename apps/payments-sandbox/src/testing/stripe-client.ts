import Stripe from 'stripe';
import type { RunningSandbox } from './sandbox-fixture';
import type { ReceivedEvent } from './webhook-receiver';

/** The official SDK pointed at a running sandbox, as the main API's adapter points it. */
export function stripeFor(sandbox: RunningSandbox): Stripe {
  return new Stripe(sandbox.secretKey, {
    host: sandbox.host,
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** Verifies a delivery exactly as a receiver does: `stripe.webhooks.constructEvent`. */
export const verifierFor =
  (stripe: Stripe, secret: () => string) => (raw: string, signature: string) =>
    stripe.webhooks.constructEvent(raw, signature, secret()) as unknown as ReceivedEvent;
