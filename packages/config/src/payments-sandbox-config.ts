import { z } from 'zod';
import { httpUrl } from './env.ts';

/** Settings of the built-in sandbox payment partner, merged into the server schema. */
export const paymentsSandboxSchema = {
  PAYMENTS_SANDBOX_WEBHOOK_URL: httpUrl.optional(),
  PAYMENTS_SANDBOX_DELIVERY: z
    .string()
    .regex(/^\s*(normal|(duplicate|late|reorder)(\s*,\s*(duplicate|late|reorder))*)\s*$/, {
      error: 'must be normal, or any of duplicate, late and reorder separated by commas',
    })
    .default('normal'),
};

type SandboxEnv = z.output<z.ZodObject<typeof paymentsSandboxSchema>>;

/** How the sandbox misbehaves when it delivers events, so that receivers can be tested. */
export interface SandboxDeliveryMode {
  /** Every event is delivered twice. */
  duplicate: boolean;
  /** Every event is held back for a few seconds, arriving after the call that caused it. */
  late: boolean;
  /** The events one operation causes are delivered newest first. */
  reorder: boolean;
}

export interface PaymentsSandboxConfig {
  /** Where the sandbox delivers its events: the main API's webhook route. */
  webhookUrl: string;
  delivery: SandboxDeliveryMode;
}

export function loadPaymentsSandboxConfig(raw: SandboxEnv, port: number): PaymentsSandboxConfig {
  const words = raw.PAYMENTS_SANDBOX_DELIVERY.split(',').map((word) => word.trim());
  return {
    webhookUrl: raw.PAYMENTS_SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${port}/api/billing/webhook`,
    delivery: {
      duplicate: words.includes('duplicate'),
      late: words.includes('late'),
      reorder: words.includes('reorder'),
    },
  };
}
