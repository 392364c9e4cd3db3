import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import type { TenantRole, WorkspaceLimitKind } from '@questa/contracts';
import { migrate } from '@questa/db';
import { createTestDatabase, type TestDatabase } from '@questa/db/testing';
import { createRootServer } from '@questa/http-kit';
import {
  CDN_PREFIX,
  cdnApp,
  QUESTION_DB_PREFIX,
  questionDb,
  questionDbApp,
  type QuestionDbDeps,
} from './app';
import { QUESTION_DB_SCHEMA, questionDbMigrations, type QuestionDb } from './db/tables';
import type { AccessTokenSettings } from './modules/auth/access-token';
import type { ImportParser } from './modules/exchange/parse-pool';
import { createFileMediaStore, type MediaStore } from './modules/media/media-store';
import { createMemberRepository } from './modules/members/member.repository';
import { createLimitRepository } from './modules/limits/limit.repository';
import { createPublishingRepository } from './modules/publishing/publishing.repository';
import { createTenantRepository } from './modules/tenants/tenant.repository';

export const TEST_AUDIENCE = 'questa-question-db';
/** The OAuth client a test question database trusts as a Questa service: the main API's. */
export const TEST_SERVICE_CLIENT = 'questa-web';

export interface SignOptions {
  /** Seconds since the epoch; ten minutes from now unless given, no `exp` claim when null. */
  expiresAt?: number | null;
  notBefore?: number;
  issuer?: string;
  audience?: string;
  /** Sign with another key, e.g. one the issuer never published. */
  key?: CryptoKey;
  kid?: string;
}

/** An OpenID issuer in miniature: an ES256 key, its JWKS and discovery document over HTTP. */
export interface TestIssuer {
  issuer: string;
  /** What `QuestionDbDeps.auth` takes to trust this issuer, keys fetched over HTTP. */
  auth: AccessTokenSettings;
  kid: string;
  publicJwk: JWK;
  /** An access token with the given claims (`sub` among them), valid for ten minutes. */
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>;
  /**
   * A client-credentials token as the embedded provider issues it: the client as subject and
   * `client_id`, a `jti`, no roles. `TEST_SERVICE_CLIENT`'s unless another client is named.
   */
  signService(clientId?: string, options?: SignOptions): Promise<string>;
  close(): Promise<void>;
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = 'test-signing-key';
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  let issuer = '';
  const server = createServer((request, response) => {
    const documents: Record<string, unknown> = {
      '/jwks': { keys: [publicJwk] },
      '/.well-known/openid-configuration': { issuer, jwks_uri: `${issuer}/jwks` },
    };
    const document = documents[request.url ?? ''];
    response.writeHead(document ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(document ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(claims: JWTPayload, options: SignOptions = {}) {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? TEST_AUDIENCE)
      .setIssuedAt(now);
    if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? now + 600);
    if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
    return jwt.sign(options.key ?? privateKey);
  }

  return {
    issuer,
    kid,
    publicJwk,
    auth: {
      issuer,
      audience: TEST_AUDIENCE,
      rolesClaim: 'roles',
      jwks: createRemoteJWKSet(new URL(`${issuer}/jwks`)),
      serviceClients: [TEST_SERVICE_CLIENT],
    },
    sign,
    signService: (clientId = TEST_SERVICE_CLIENT, options) =>
      sign({ jti: randomUUID(), sub: clientId, client_id: clientId }, options),
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: string | undefined;
}

/** A migrated throwaway database, a test issuer, and the API trusting it. */
export interface TestQuestionDb {
  app: FastifyInstance;
  db: QuestionDb;
  issuer: TestIssuer;
  database: TestDatabase;
  /** Every route the app registered, as the onRoute hook saw it. */
  routes: RegisteredRoute[];
  /** Creates a tenant with the given members (by sub) and returns its id. */
  /** A tenant with these members; `secondPerson` turns on review before publishing. */
  createTenant(
    slug: string,
    members?: Record<string, TenantRole>,
    options?: {
      secondPerson?: boolean;
      /** Limits raised above the free ones, for tests that fill a workspace. */
      limits?: Partial<Record<WorkspaceLimitKind, number>>;
    },
  ): Promise<string>;
  /** Creates a bank through the API, as the holder of `headers` would, and returns its id. */
  createBank(clientId: string, slug: string, headers: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

export async function startTestQuestionDb(
  options: {
    auth?: (issuer: TestIssuer) => AccessTokenSettings;
    /** Files in a temporary folder unless given. */
    mediaStore?: MediaStore;
    /** The app's own worker pool unless given. */
    importParser?: ImportParser;
    /** Unset: nobody is limited. */
    rateLimits?: QuestionDbDeps['rateLimits'];
    /** A throwaway database unless given; migrated either way, and disposed of by `close`. */
    database?: TestDatabase;
  } = {},
): Promise<TestQuestionDb> {
  const database = options.database ?? (await createTestDatabase());
  await migrate(database.database, QUESTION_DB_SCHEMA, questionDbMigrations);
  const issuer = await startTestIssuer();
  const mediaStore =
    options.mediaStore ?? createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-media-')));
  const deps = {
    database: database.database,
    mediaStore,
    auth: options.auth?.(issuer) ?? issuer.auth,
    ...(options.importParser ? { importParser: options.importParser } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  };

  const routes: RegisteredRoute[] = [];
  const app = createRootServer({ logLevel: 'silent' });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        // Read when asked: the HTTP kit's own hook, which runs after this one, may fill it in.
        get permission() {
          return (route.config as { permission?: string } | undefined)?.permission;
        },
      });
    }
  });
  await app.register(questionDbApp, { prefix: QUESTION_DB_PREFIX, ...deps });
  await app.register(cdnApp, { prefix: CDN_PREFIX, ...deps });
  await app.ready();

  const db = questionDb(database.database);
  return {
    app,
    db,
    issuer,
    database,
    routes,
    async createTenant(slug, members = {}, options = {}) {
      const tenant = await createTenantRepository(db).create({ slug, name: `Tenant ${slug}` });
      if (options.limits) await createLimitRepository(db).raise(tenant.id, options.limits);
      if (options.secondPerson) {
        await createPublishingRepository(db).choose(tenant.id, true);
      }
      const memberships = createMemberRepository(db);
      for (const [sub, role] of Object.entries(members)) {
        await memberships.upsert(tenant.id, sub, role);
      }
      return tenant.id;
    },
    async createBank(clientId, slug, headers) {
      const response = await app.inject({
        method: 'POST',
        url: `${QUESTION_DB_PREFIX}/clients/${clientId}/banks`,
        headers,
        payload: { slug, title: slug },
      });
      if (response.statusCode !== 201) {
        throw new Error(`Creating bank ${slug} answered ${response.statusCode}: ${response.body}`);
      }
      return response.json<{ id: string }>().id;
    },
    async close() {
      await app.close();
      await issuer.close();
      await database.dispose();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export { png } from './modules/media/test-images';
