export { buildApp, questionDbApp, cdnApp, questionDb, QUESTION_DB_PREFIX, CDN_PREFIX } from './app';
export type { QuestionDbDeps, CdnDeps } from './app';
export { QUESTION_DB_SCHEMA, questionDbMigrations } from './db/tables';
export { createFileMediaStore, type MediaStore } from './modules/media/media-store';
export { seedDemoContent, type SeedContent } from './modules/demo/seed-demo-content';
export { demoBankQuestions } from './modules/demo/demo-questions';
export { seedMembership } from './modules/members/seed-membership';
export {
  createQuestionRepository,
  type NewQuestion,
  type QuestionRepository,
} from './modules/questions/question.repository';
export type { AccessTokenSettings } from './modules/auth/access-token';
export { discoverIssuerKeys } from './modules/auth/issuer-keys';
export { formatApiKey } from './modules/auth/api-key';
export type { ApiKeyPrincipal, RequestPrincipal, UserPrincipal } from './modules/auth/principal';
export { mediaStoreFromConfig } from './modules/media/media-store-from-config';
