import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_PREFIX,
  buildApp as buildApi,
  createHttpQuestionDbClient,
  createOidcClient,
} from '@questa/api';
import { openDatabase } from '@questa/db';
import { newPgliteCluster } from '@questa/db/testing';
import {
  buildApp as buildQuestionDb,
  createFileMediaStore,
  QUESTION_DB_PREFIX,
} from '@questa/question-db';

/** Nothing listens here: building the services reaches no other service. */
const nowhere = 'http://127.0.0.1:9';

/**
 * Both services' OpenAPI documents, as they serve them, from services built in memory: the
 * documents come from the routes alone, so no database content and no other service is needed.
 */
export async function openApiDocuments(): Promise<{ api: unknown; questionDb: unknown }> {
  const database = await openDatabase({ startFrom: await newPgliteCluster() });
  const mediaDir = await mkdtemp(path.join(tmpdir(), 'questa-openapi-'));
  const questionDb = await buildQuestionDb({
    database,
    mediaStore: createFileMediaStore(mediaDir),
    auth: {
      issuer: `${nowhere}/idp`,
      audience: 'urn:questa:question-db',
      rolesClaim: 'roles',
      jwks: () => Promise.reject(new Error('no keys are needed to describe the API')),
    },
  });
  const api = await buildApi({
    database,
    questionDb: createHttpQuestionDbClient({ baseUrl: `${nowhere}${QUESTION_DB_PREFIX}` }),
    oidc: createOidcClient({
      issuer: `${nowhere}/idp`,
      clientId: 'questa-web',
      clientSecret: 'not-used-to-describe-the-api',
      scopes: 'openid',
      rolesClaim: 'roles',
      audience: 'urn:questa:question-db',
      redirectUri: 'http://localhost:8080/api/auth/callback',
      postLogoutRedirectUri: 'http://localhost:8080/',
    }),
    publicUrl: 'http://localhost:8080',
    secureCookies: false,
    liveHeartbeatMs: 0,
  });
  try {
    const [apiDocument, questionDbDocument] = await Promise.all([
      api.inject({ url: `${API_PREFIX}/openapi.json` }),
      questionDb.inject({ url: `${QUESTION_DB_PREFIX}/openapi.json` }),
    ]);
    return { api: apiDocument.json(), questionDb: questionDbDocument.json() };
  } finally {
    await api.close();
    await questionDb.close();
    await database.close();
    await rm(mediaDir, { recursive: true, force: true });
  }
}
