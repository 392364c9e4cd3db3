import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RateLimitSettings } from '@questa/config';
import type { Database, Kysely } from '@questa/db';
import { createRootServer, healthRoute, httpKit, openApi } from '@questa/http-kit';
import { QUESTION_DB_SCHEMA, type QuestionDbTables } from './db/tables';
import { createAccessTokenVerifier, type AccessTokenSettings } from './modules/auth/access-token';
import { createAuthService } from './modules/auth/auth.service';
import { authentication } from './modules/auth/authentication';
import { createBankRepository } from './modules/banks/bank.repository';
import { bankRoutes } from './modules/banks/bank.routes';
import { createBankService } from './modules/banks/bank.service';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createCredentialRepository } from './modules/credentials/credential.repository';
import { credentialRoutes } from './modules/credentials/credential.routes';
import { createCredentialService } from './modules/credentials/credential.service';
import { createDrawRepository } from './modules/draw/draw.repository';
import { drawRoutes } from './modules/draw/draw.routes';
import { createDrawService } from './modules/draw/draw.service';
import { cdnRoutes } from './modules/media/cdn.routes';
import { createMediaRepository } from './modules/media/media.repository';
import { mediaRoutes } from './modules/media/media.routes';
import { exchangeRoutes } from './modules/exchange/exchange.routes';
import { createExchangeService } from './modules/exchange/exchange.service';
import { createParsePool, type ImportParser } from './modules/exchange/parse-pool';
import { createMediaService } from './modules/media/media.service';
import type { MediaStore } from './modules/media/media-store';
import { createMemberRepository } from './modules/members/member.repository';
import { memberRoutes } from './modules/members/member.routes';
import { createMemberService } from './modules/members/member.service';
import { createPublishingRepository } from './modules/publishing/publishing.repository';
import { publishingRoutes } from './modules/publishing/publishing.routes';
import { createPublishingService } from './modules/publishing/publishing.service';
import { createQuestionBulkRepository } from './modules/questions/question-bulk.repository';
import { createQuestionBulkService } from './modules/questions/question-bulk.service';
import { createQuestionListRepository } from './modules/questions/question-list.repository';
import { createQuestionListService } from './modules/questions/question-list.service';
import { createQuestionRepository } from './modules/questions/question.repository';
import { questionRoutes } from './modules/questions/question.routes';
import { createQuestionService } from './modules/questions/question.service';
import { createPassageRepository } from './modules/passages/passage.repository';
import { passageRoutes } from './modules/passages/passage.routes';
import { createPassageService } from './modules/passages/passage.service';
import { createInvitationRepository } from './modules/invitations/invitation.repository';
import { invitationRoutes } from './modules/invitations/invitation.routes';
import { createInvitationService } from './modules/invitations/invitation.service';
import { createLimitRepository } from './modules/limits/limit.repository';
import { limitRoutes } from './modules/limits/limit.routes';
import { createLimitService } from './modules/limits/limit.service';
import { createTenantRepository } from './modules/tenants/tenant.repository';
import { tenantRoutes } from './modules/tenants/tenant.routes';
import { createTenantService } from './modules/tenants/tenant.service';
import { questionDbRateLimits } from './plugins/rate-limits';
import { refuseNulCharacters } from './plugins/refuse-nul-characters';

export interface QuestionDbDeps {
  database: Database;
  mediaStore: MediaStore;
  /** Which access tokens to trust: the identity provider's, for this API's audience. */
  auth: AccessTokenSettings;
  /** Reads import files; a pool of worker threads this app starts and stops unless given. */
  importParser?: ImportParser;
  /** Requests per window for each caller (decision 0042); unset: nobody is limited. */
  rateLimits?: {
    settings: RateLimitSettings;
    /** Counters shared by every process in Redis; unset: in this process's memory. */
    redisUrl: string | undefined;
    redisKeyPrefix: string;
  };
}

export type CdnDeps = Pick<QuestionDbDeps, 'database' | 'mediaStore'>;

export const QUESTION_DB_PREFIX = '/qdb/api/v1';
export const CDN_PREFIX = '/cdn';

export function questionDb(database: Database) {
  return database.kysely.withSchema(QUESTION_DB_SCHEMA) as unknown as Kysely<QuestionDbTables>;
}

/** The question-database API, mounted under `/qdb/api/v1`. */
export const questionDbApp: FastifyPluginAsync<QuestionDbDeps> = async (app, deps) => {
  const db = questionDb(deps.database);
  const tenants = createTenantRepository(db);
  const members = createMemberRepository(db);
  const credentials = createCredentialRepository(db);
  const banks = createBankRepository(db);
  const catalog = createCatalogRepository(db);
  const media = createMediaRepository(db);
  // One media service for uploads and for imports that bring their own images.
  const mediaService = createMediaService({ media, store: deps.mediaStore });

  // Shared behaviour first so every later route is validated, documented, and guarded by the
  // permission it declares: authentication attaches that guard as each route is added. NUL
  // characters are refused before any route's work, since PostgreSQL cannot store them.
  await app.register(httpKit);
  await app.register(openApi, {
    title: 'Questa question database',
    description: [
      'Multi-tenant question banks for Questa and for integrators: banks, versioned questions,',
      'search, random draws by blueprint, media, import and export in GIFT, Moodle XML, QTI 3.0',
      'and CSV, members and API keys.',
      '',
      'Everything lives in a tenant (`/clients/{clientId}/…`). Call it with `Authorization: Bearer`',
      'and either an API key of the tenant (created by its owner under `/credentials`; scopes',
      '`banks:read`, `banks:write`) or an access token of Questa’s identity provider for a member.',
      '',
      'Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code`,',
      'such as `auth.required`, `auth.forbidden`, `not_found`, `validation.failed` (with `errors`',
      'per field), `conflict.version`, `import.invalid` (with `lines`) or `unavailable` (with',
      '`Retry-After`), and a `requestId` to quote.',
      '',
      'Each API key may make a number of requests a minute that its workspace’s plan sets; every',
      'answer to a key says how many are left in `RateLimit-Limit`, `RateLimit-Remaining` and',
      '`RateLimit-Reset` (seconds until the count starts again). Past the limit the answer is 429',
      '`rate_limited` with `Retry-After`.',
    ].join('\n'),
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: 'An API key of the tenant (`qdbk_…`) or an OpenID Connect access token.',
      },
    },
    client: {
      module: '@questa/qdb-client',
      create: 'createQdbClient({ baseUrl: `${QUESTA_URL}/qdb/api/v1`, apiKey: QUESTA_API_KEY })',
    },
  });
  const auth = createAuthService({
    verifyAccessToken: createAccessTokenVerifier(deps.auth),
    members,
    credentials,
  });
  await app.register(authentication, { stateOf: (clientId) => tenants.stateOf(clientId), auth });
  // After authentication, so each request is counted against the caller it names.
  if (deps.rateLimits) await app.register(questionDbRateLimits, { ...deps.rateLimits, auth });

  await app.register(refuseNulCharacters);

  healthRoute(app, 'question-db', deps.database);
  const questionList = createQuestionListService({
    list: createQuestionListRepository(db),
    banks,
  });
  const draws = createDrawRepository(db);
  await app.register(catalogRoutes, {
    catalog: createCatalogService({ catalog, questions: questionList, draws }),
  });
  const limits = createLimitService({ limits: createLimitRepository(db) });
  await app.register(limitRoutes, { limits });
  await app.register(tenantRoutes, { tenants: createTenantService({ tenants }) });
  await app.register(memberRoutes, { members: createMemberService({ members, tenants }) });
  await app.register(invitationRoutes, {
    invitations: createInvitationService({
      invitations: createInvitationRepository(db),
      tenants,
      limits,
    }),
  });
  await app.register(credentialRoutes, { credentials: createCredentialService({ credentials }) });
  await app.register(bankRoutes, { banks: createBankService({ banks, tenants, limits }) });
  const publishing = createPublishingService({ publishing: createPublishingRepository(db) });
  await app.register(publishingRoutes, { publishing });
  const questions = createQuestionRepository(db);
  await app.register(questionRoutes, {
    questions: createQuestionService({ questions, media, publishing, limits }),
    list: questionList,
    bulk: createQuestionBulkService({
      bulk: createQuestionBulkRepository(db),
      list: questionList,
      banks,
      publishing,
    }),
  });
  const passages = createPassageRepository(db);
  await app.register(passageRoutes, {
    passages: createPassageService({ passages, banks, media }),
  });
  await app.register(drawRoutes, {
    draws: createDrawService({ draws, banks, catalog }),
  });
  const importParser = deps.importParser ?? createParsePool();
  if (!deps.importParser) app.addHook('onClose', () => importParser.close());
  // Media and exchange are plugins of their own: they read bodies as raw bytes (an upload, an
  // import file), which no other route should.
  await app.register(mediaRoutes, { media: mediaService });
  await app.register(exchangeRoutes, {
    exchange: createExchangeService({
      questions,
      passages,
      banks,
      media,
      mediaService,
      store: deps.mediaStore,
      parser: importParser,
      limits,
    }),
  });
};

/** The content-delivery base for media, mounted under `/cdn` in one-process mode. */
export const cdnApp: FastifyPluginAsync<CdnDeps> = async (app, deps) => {
  await app.register(httpKit);
  await app.register(cdnRoutes, {
    media: createMediaRepository(questionDb(deps.database)),
    store: deps.mediaStore,
  });
};

/** The service on its own root server, as tests and the standalone process use it. */
export async function buildApp(deps: QuestionDbDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(questionDbApp, { prefix: QUESTION_DB_PREFIX, ...deps });
  await root.register(cdnApp, { prefix: CDN_PREFIX, ...deps });
  await root.ready();
  return root;
}
