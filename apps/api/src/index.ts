export { apiApp, buildApp, createApiCore, API_PREFIX, type ApiDeps, type ApiCore } from './app';
export { API_SCHEMA, apiMigrations } from './db/tables';
export { billingDepsFromConfig } from './billing-deps';
export {
  createHttpQuestionDbClient,
  type DrawResult,
  type QuestionDbClient,
} from './adapters/question-db-client';
export {
  createOidcClient,
  providerClientsFromConfig,
  type OidcClient,
} from './adapters/oidc-client';
export {
  createEmbeddedIdentityAccounts,
  type IdentityAccounts,
} from './adapters/identity-accounts';
export {
  createClientCredentialsTokenSource,
  type ServiceTokenSource,
} from './adapters/service-token';
export { tokenRelay } from './plugins/token-relay';
export { questionDbProxy } from './plugins/question-db-proxy';
export type { UserRow } from './modules/users/user.repository';
export { seedDemoClass } from './modules/classes/demo-class';
