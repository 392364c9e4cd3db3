export { identityApp, buildApp, IDENTITY_PREFIX, IDENTITY_SCHEMA, identityMigrations } from './app';
export type { IdentityDeps } from './app';
