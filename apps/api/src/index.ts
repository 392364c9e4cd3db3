export { apiApp, buildApp, createApiCore, API_PREFIX, type ApiDeps, type ApiCore } from './app';
export { API_SCHEMA, apiMigrations } from './db/tables';
export { createHttpQuestionDbClient, type QuestionDbClient } from './adapters/question-db-client';
export { createOidcClient, oidcClientFromConfig, type OidcClient } from './adapters/oidc-client';
export { tokenRelay } from './plugins/token-relay';
export { questionDbProxy } from './plugins/question-db-proxy';
