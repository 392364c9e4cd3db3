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
export { rotateSigningKey } from './modules/keys/rotate-signing-key';
export { identityDepsFromConfig } from './identity-deps';
