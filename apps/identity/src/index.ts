export {
  identityApp,
  buildApp,
  IDENTITY_PREFIX,
  IDENTITY_SCHEMA,
  identityMigrations,
  type IdentityDeps,
} from './app';
export {
  seedDemoAccounts,
  DEMO_PASSWORD,
  type DemoAccounts,
  type DemoAccount,
} from './modules/accounts/demo-accounts';
export type { SignInFailedEvent } from './modules/accounts/account.service';
export {
  createMemoryRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  type RateLimitDecision,
} from './modules/rate-limit/rate-limiter';
export { createRedisRateLimiter } from './modules/rate-limit/redis-rate-limiter';
export { rotateSigningKey } from './modules/keys/rotate-signing-key';
export { identityDepsFromConfig } from './identity-deps';
