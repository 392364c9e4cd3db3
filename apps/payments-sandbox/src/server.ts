import { ConfigError } from '@questa/config';
import { createRootServer, runProcess } from '@questa/http-kit';
import {
  PAYMENTS_SANDBOX_PREFIX,
  PAYMENTS_SANDBOX_SCHEMA,
  paymentsSandboxApp,
  paymentsSandboxMigrations,
} from './app';
import { paymentsSandboxDepsFromConfig } from './sandbox-deps';

/** The sandbox payment partner as a process of its own, for the main API's STRIPE_API_BASE. */
await runProcess({
  title: 'Questa payments sandbox',
  schemas: [{ schema: PAYMENTS_SANDBOX_SCHEMA, migrations: paymentsSandboxMigrations }],
  async build({ config, database }) {
    const { secretKey, webhookSecret } = config.payments;
    if (!secretKey || !webhookSecret) {
      throw new ConfigError(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set when the payments sandbox runs as a process of its own, so the main API can use the same key and verify the same signatures.',
      );
    }
    const root = createRootServer({
      logLevel: config.logLevel,
      metricsToken: config.metricsToken,
      hsts: config.hsts,
      trustProxy: config.trustProxy,
      logFormat: config.logFormat,
      logRequests: true,
    });
    await root.register(
      paymentsSandboxApp,
      paymentsSandboxDepsFromConfig(config, database, { secretKey, webhookSecret }),
    );
    return root;
  },
  banner: (config) => [
    `  Stripe API   ${config.publicUrl}/v1 (point STRIPE_API_BASE here)`,
    `  pages        ${config.publicUrl}${PAYMENTS_SANDBOX_PREFIX}`,
    `  webhooks to  ${config.paymentsSandbox.webhookUrl}`,
  ],
});
