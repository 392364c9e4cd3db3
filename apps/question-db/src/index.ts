export { buildApp, questionDbApp, cdnApp, questionDb, QUESTION_DB_PREFIX, CDN_PREFIX } from './app';
export type { QuestionDbDeps } from './app';
export { QUESTION_DB_SCHEMA, questionDbMigrations } from './db/tables';
export { createFileMediaStore, type MediaStore } from './modules/media/media-store';
export { seedDemoContent, type SeedContent } from './modules/demo/seed-demo-content';
