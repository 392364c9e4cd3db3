export {
  paymentsSandboxApp,
  buildApp,
  PAYMENTS_SANDBOX_PREFIX,
  PAYMENTS_SANDBOX_SCHEMA,
  STRIPE_API_PREFIX,
  paymentsSandboxMigrations,
  type PaymentsSandboxDeps,
} from './app';
export {
  makeUpSandboxKeys,
  paymentsSandboxDepsFromConfig,
  sandboxKeysFile,
  sandboxKeysIn,
  type SandboxKeys,
} from './sandbox-deps';
export { TEST_CARDS } from './model/test-cards';
export { SANDBOX_API_VERSION } from './model/objects';
