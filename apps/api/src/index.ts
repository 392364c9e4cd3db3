export { apiApp, buildApp, API_PREFIX, type ApiDeps } from './app';
export { API_SCHEMA, apiMigrations } from './db/tables';
export { createHttpQuestionDbClient, type QuestionDbClient } from './adapters/question-db-client';
