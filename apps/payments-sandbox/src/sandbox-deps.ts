import type { QuestaConfig } from '@questa/config';
import type { Database } from '@questa/db';
import type { PaymentsSandboxDeps } from './app';
import { randomToken } from './wire/ids';

export interface SandboxKeys {
  secretKey: string;
  webhookSecret: string;
}

/**
 * Keys for a sandbox whose callers live in the same process: made up at each start and never
 * written anywhere, as the embedded identity provider's client secret is.
 */
export function makeUpSandboxKeys(): SandboxKeys {
  return { secretKey: `sk_test_${randomToken(48)}`, webhookSecret: `whsec_${randomToken(32)}` };
}

/** The sandbox's dependencies as configuration chooses them. */
export function paymentsSandboxDepsFromConfig(
  config: QuestaConfig,
  database: Database,
  keys: SandboxKeys,
): PaymentsSandboxDeps {
  return {
    database,
    secretKey: keys.secretKey,
    webhookSecret: keys.webhookSecret,
    webhookUrls: [config.paymentsSandbox.webhookUrl],
    publicUrl: config.publicUrl,
    delivery: config.paymentsSandbox.delivery,
  };
}
