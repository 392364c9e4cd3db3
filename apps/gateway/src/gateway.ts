import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, apiApp, createHttpQuestionDbClient } from '@questa/api';
import type { QuestaConfig } from '@questa/config';
import type { Database } from '@questa/db';
import type { SeedContent } from '@questa/question-db';
import { createRootServer } from '@questa/http-kit';
import { IDENTITY_PREFIX, identityApp } from '@questa/identity';
import {
  CDN_PREFIX,
  cdnApp,
  createFileMediaStore,
  QUESTION_DB_PREFIX,
  questionDb,
  questionDbApp,
  seedDemoContent,
} from '@questa/question-db';
import { webClient } from './web-client';

export interface GatewayOptions {
  config: QuestaConfig;
  database: Database;
  /** Demo content to write on first start; absent when turned off. */
  demoContent: (() => SeedContent) | undefined;
  /** The built web client's folder. */
  webDistDir: string;
  logRequests?: boolean;
}

/** Mounts every service on one root server, as `npm start` runs them. */
export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const mediaStore = createFileMediaStore(path.join(config.dataDir, 'media'));
  if (options.demoContent) {
    const result = await seedDemoContent(questionDb(database), mediaStore, options.demoContent());
    if (result.seeded) console.log(`Wrote ${result.questions} demo questions on first start.`);
  }

  const root = createRootServer({
    logLevel: config.logLevel,
    logRequests: options.logRequests ?? true,
  });
  // Services first, each encapsulated under its prefix; the web client last, because it answers
  // every path no service claimed.
  await root.register(identityApp, {
    prefix: IDENTITY_PREFIX,
    database,
    issuer: config.oidc.issuer,
  });
  await root.register(questionDbApp, { prefix: QUESTION_DB_PREFIX, database, mediaStore });
  await root.register(cdnApp, { prefix: CDN_PREFIX, database, mediaStore });
  await root.register(apiApp, {
    prefix: API_PREFIX,
    database,
    questionDb: createHttpQuestionDbClient({ baseUrl: config.questionDbUrl }),
  });
  await root.register(webClient, { distDir: options.webDistDir });
  return root;
}
