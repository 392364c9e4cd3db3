import type { QuestaConfig } from '@questa/config';
import { mailTransportFromConfig } from '@questa/mail';
import { createStripePartner } from './adapters/payment-partner';
import type { ApiDeps } from './app';

/**
 * Billing's dependencies as configuration chooses them: Stripe with `STRIPE_SECRET_KEY`, or a
 * sandbox partner given its keys and address (the one-process launcher runs one on loopback);
 * billing mail through SMTP or the data folder's outbox.
 */
export function billingDepsFromConfig(
  config: QuestaConfig,
  sandbox?: { secretKey: string; webhookSecret: string; apiBase: string },
): Pick<ApiDeps, 'payments' | 'mail' | 'billing'> {
  const { payments } = config;
  const keys =
    payments.secretKey && payments.webhookSecret
      ? { secretKey: payments.secretKey, webhookSecret: payments.webhookSecret }
      : sandbox;
  return {
    payments: keys
      ? createStripePartner({
          ...keys,
          apiBase: payments.apiBase ?? (payments.secretKey ? undefined : sandbox?.apiBase),
          timeoutMs: payments.timeoutMs,
        })
      : undefined,
    mail: mailTransportFromConfig(config),
    billing: config.billing,
  };
}
