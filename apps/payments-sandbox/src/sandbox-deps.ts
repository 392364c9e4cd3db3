import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { QuestaConfig } from '@questa/config';
import type { Database } from '@questa/db';
import type { PaymentsSandboxDeps } from './app';
import { randomToken } from './wire/ids';

export interface SandboxKeys {
  secretKey: string;
  webhookSecret: string;
}

/** Keys made up afresh: a secret key and a webhook signing secret in Stripe's formats. */
export function makeUpSandboxKeys(): SandboxKeys {
  return { secretKey: `sk_test_${randomToken(48)}`, webhookSecret: `whsec_${randomToken(32)}` };
}

/** Where the one-process launcher keeps the sandbox's keys. */
export const sandboxKeysFile = (dataDir: string) =>
  path.join(dataDir, 'payments-sandbox-keys.json');

/**
 * The embedded sandbox's keys, made up on first start and kept in the data folder (readable by
 * its owner only): both ends live in one process, and a developer who drives the sandbox by
 * hand, or points a tool at it, finds the same keys after a restart.
 */
export async function sandboxKeysIn(dataDir: string): Promise<SandboxKeys> {
  const file = sandboxKeysFile(dataDir);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<SandboxKeys>;
    if (stored.secretKey?.startsWith('sk_test_') && stored.webhookSecret?.startsWith('whsec_')) {
      return { secretKey: stored.secretKey, webhookSecret: stored.webhookSecret };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = makeUpSandboxKeys();
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
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
