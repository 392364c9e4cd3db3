import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header for `payload` sent at `timestamp`: HMAC-SHA256 of
 * "timestamp.payload" under the endpoint's signing secret, so `stripe.webhooks.constructEvent`
 * verifies it.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
