import { localBroadcast, redisBroadcast } from './adapters/broadcast';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { RateLimitSettings } from '@questa/config';
import type { Database, Kysely } from '@questa/db';
import { createRootServer, healthRoute, httpKit, openApi } from '@questa/http-kit';
import type { MailTransport } from '@questa/mail';
import type { OidcClient } from './adapters/oidc-client';
import type { PaymentPartner } from './adapters/payment-partner';
import type { QuestionDbClient } from './adapters/question-db-client';
import { API_SCHEMA, type ApiTables } from './db/tables';
import { createAccountDataRepository } from './modules/account/account-data.repository';
import { accountRoutes } from './modules/account/account.routes';
import { createAccountService } from './modules/account/account.service';
import type { IdentityAccounts } from './adapters/identity-accounts';
import { adminRoutes } from './modules/admin/admin.routes';
import { createAdminService } from './modules/admin/admin.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository';
import { sessionCookieName } from './modules/auth/session-cookie';
import { createSessionRepository } from './modules/auth/session.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createAssignmentRepository } from './modules/assignments/assignment.repository';
import { assignmentRoutes } from './modules/assignments/assignment.routes';
import { createAnalysisRepository } from './modules/assignments/analysis.repository';
import { createAnalysisService } from './modules/assignments/analysis.service';
import { createRegradeRepository } from './modules/assignments/regrade.repository';
import { createRegradeService } from './modules/assignments/regrade.service';
import { createReminderRepository } from './modules/assignments/reminder.repository';
import { createReminderSweep } from './modules/assignments/reminder-sweep';
import { createAssignmentService } from './modules/assignments/assignment.service';
import { createChallengeRepository } from './modules/challenges/challenge.repository';
import { challengeRoutes } from './modules/challenges/challenge.routes';
import { createChallengeService } from './modules/challenges/challenge.service';
import { createClassRepository } from './modules/classes/class.repository';
import { createGradebookRepository } from './modules/gradebook/gradebook.repository';
import { gradebookRoutes } from './modules/gradebook/gradebook.routes';
import { createGradebookService } from './modules/gradebook/gradebook.service';
import { classRoutes } from './modules/classes/class.routes';
import { createClassLiveRepository } from './modules/class-live/class-live.repository';
import { classLiveRoutes } from './modules/class-live/class-live.routes';
import { createClassLiveService } from './modules/class-live/class-live.service';
import { createClassService } from './modules/classes/class.service';
import { createCatalogService } from './modules/catalog/catalog.service';
import { billingApp, createBilling, type BillingSettings } from './modules/billing/billing';
import { createEntitlements } from './modules/entitlements/entitlements';
import { blueprintRoutes } from './modules/exams/blueprint.routes';
import { createBlueprintRepository } from './modules/exams/blueprint.repository';
import { createBlueprintService } from './modules/exams/blueprint.service';
import { startDeadlineSweeper } from './modules/exams/deadline-sweeper';
import { examRoutes } from './modules/exams/exam.routes';
import { createUnitOfWork } from './db/unit-of-work';
import { createExamRepository } from './modules/exams/exam.repository';
import { createExamService } from './modules/exams/exam.service';
import { createItemStatisticsRepository } from './modules/item-statistics/item-statistics.repository';
import { itemStatisticsRoutes } from './modules/item-statistics/item-statistics.routes';
import { createPeopleService } from './modules/people/people.service';
import { createGradingRepository } from './modules/grading/grading.repository';
import { gradingRoutes } from './modules/grading/grading.routes';
import { createNotificationRepository } from './modules/notifications/notification.repository';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { createNotificationService } from './modules/notifications/notification.service';
import { createGradingService } from './modules/grading/grading.service';
import { peopleRoutes } from './modules/people/people.routes';
import { createItemStatisticsService } from './modules/item-statistics/item-statistics.service';
import { createAllowance } from './modules/learning/allowance';
import { createAnswerRepository } from './modules/learning/answer.repository';
import { createLearnerBanks } from './modules/learning/learner-banks';
import { practiceRoutes } from './modules/practice/practice.routes';
import { createPracticeRepository } from './modules/practice/practice.repository';
import { createPracticeService } from './modules/practice/practice.service';
import { createProgressRepository } from './modules/progress/progress.repository';
import { progressRoutes } from './modules/progress/progress.routes';
import { createProgressService } from './modules/progress/progress.service';
import { createReviewRepository } from './modules/reviews/review.repository';
import { reviewRoutes } from './modules/reviews/review.routes';
import { createReviewService } from './modules/reviews/review.service';
import { sessionRoutes } from './modules/session/session.routes';
import { workspaceRoutes } from './modules/workspaces/workspace.routes';
import { createWorkspaceService } from './modules/workspaces/workspace.service';
import { createUserRepository } from './modules/users/user.repository';
import { createWorkspaceDeletionRepository } from './modules/workspace-deletion/workspace-deletion.repository';
import { workspaceDeletionRoutes } from './modules/workspace-deletion/workspace-deletion.routes';
import { createWorkspaceDeletionService } from './modules/workspace-deletion/workspace-deletion.service';
import { access } from './plugins/access';
import { apiRateLimits } from './plugins/rate-limits';
import { readCookie } from './modules/auth/session-cookie';
import { createLiveChannel } from './modules/live/live.channel';
import { startLiveClock } from './modules/live/live.clock';
import { createLiveConnectionsRepository } from './modules/live/live-connections.repository';
import { startLiveHeartbeat } from './modules/live/live-heartbeat';
import { HEARTBEAT_EVERY_MS, HEARTBEAT_LAPSE_MS } from './modules/live/live-timing';
import { createLiveRepository } from './modules/live/live.repository';
import { liveRoutes } from './modules/live/live.routes';
import { createLiveService, type LiveChange } from './modules/live/live.service';
import { createLiveModerationRepository } from './modules/live/live-moderation.repository';
import { createLiveTeamsRepository } from './modules/live/live-teams.repository';
import { createLiveClaims } from './modules/live/live-claim';
import { createRoomQuestions } from './modules/live/room-questions';

export interface ApiDeps {
  database: Database;
  questionDb: QuestionDbClient;
  oidc: OidcClient;
  /** The embedded provider's accounts; unset with an external provider, which manages its own. */
  identityAccounts?: IdentityAccounts | undefined;
  /** The origin browsers use, e.g. http://localhost:8080. */
  publicUrl: string;
  secureCookies: boolean;
  /** How long catalog answers are reused; 0 turns the cache off. */
  catalogTtlMs?: number;
  /** How often this process closes overdue exams; 0 turns the sweep off (tests drive it). */
  examSweepIntervalMs?: number;
  /** Seconds after an exam's deadline that answers on their way are still taken. */
  examGraceSeconds?: number;
  /** How often this process carries out account deletions now due; 0 turns it off. */
  deletionSweepIntervalMs?: number;
  /** The clock account deletions are scheduled by; tests move it instead of waiting 14 days. */
  now?: () => Date;
  /** How often this process erases workspaces whose deletion is due; 0 turns it off. */
  workspaceDeletionSweepIntervalMs?: number;
  /** How long a workspace waits for its deletion; the rule's fourteen days unless set. */
  workspaceDeletionGraceMs?: number;
  /** How often this process sends "due tomorrow" reminders; 0 turns it off (tests drive it). */
  reminderSweepIntervalMs?: number;
  /** How often this process looks for live questions whose time is up (another's may have died). */
  liveSweepIntervalMs?: number;
  /**
   * How often this process says it is alive to the others (decision 0041); 0 for a server built
   * only to describe its routes, whose database holds no tables.
   */
  liveHeartbeatMs?: number;
  /** How long a process may go unheard before its live connections are ended. */
  liveHeartbeatLapseMs?: number;
  /** Redis, for live rooms that span API processes; unset: in-process fan-out. */
  redisUrl?: string | undefined;
  /** Starts the names of what Questa keeps in Redis (`questa:` unless configured). */
  redisKeyPrefix?: string;
  /** Requests per window for each caller (decision 0042); unset: nobody is limited. */
  rateLimits?: RateLimitSettings | undefined;
  /** The payment partner; unset: everything that needs it answers `unavailable`. */
  payments?: PaymentPartner | undefined;
  /** Billing mail (a failed payment, a renewal ahead); unset: it waits for a process that has it. */
  mail?: MailTransport | undefined;
  billing?: BillingSettings & {
    /** Days a subscription whose renewal failed keeps premium (7 unless configured). */
    pastDueGraceDays?: number;
  };
}

export const API_PREFIX = '/api';

/**
 * The main API's services, built once per process. The gateway uses `auth` to relay the browser's
 * question-database calls and `audit` to record what the embedded identity provider reports.
 */
export function createApiCore(deps: ApiDeps) {
  const db = deps.database.kysely.withSchema(API_SCHEMA) as unknown as Kysely<ApiTables>;
  const users = createUserRepository(db);
  const audit = createAuditRepository(db);
  const entitlements = createEntitlements({
    pastDueGraceDays: deps.billing?.pastDueGraceDays ?? 7,
  });
  // Whose cached sessions to drop, heard by every API process through Redis when there is one.
  const ownerChanges = deps.redisUrl
    ? redisBroadcast({
        url: deps.redisUrl,
        channel: `${deps.redisKeyPrefix ?? 'questa:'}session-owners`,
        log: { warn: (details, message) => serviceLog.warn(details, message) },
      })
    : localBroadcast();
  const auth = createAuthService({
    oidc: deps.oidc,
    users,
    sessions: createSessionRepository(db),
    attempts: createLoginAttemptRepository(db),
    audit,
    questionDb: deps.questionDb,
    entitlements,
    passwordPage: deps.identityAccounts !== undefined,
    ownerChanges,
    // The account service is built further down; a sign-in only happens once both exist.
    signedIn: (userId) => account.signedIn(userId),
  });
  const catalog = createCatalogService(deps.questionDb, { ttlMs: deps.catalogTtlMs ?? 5000 });
  const banks = createLearnerBanks(catalog, entitlements);
  const blueprints = createBlueprintService({
    blueprints: createBlueprintRepository(db),
    questionDb: deps.questionDb,
    auth,
  });
  const unitOfWork = createUnitOfWork(db);
  // Set to the server's logger by apiApp, which has one; the services that warn (notifications,
  // account deletion, live rooms) are built before it.
  const serviceLog = { warn: (_details: object, _message: string) => {} };
  const notifications = createNotificationService({
    notifications: createNotificationRepository(db),
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    log: { warn: (details, message) => serviceLog.warn(details, message) },
  });
  const exams = createExamService({
    unitOfWork,
    exams: createExamRepository(db),
    blueprints,
    banks,
    questionDb: deps.questionDb,
    entitlements,
    graceSeconds: deps.examGraceSeconds,
  });
  const learning = {
    practice: createPracticeService({
      unitOfWork,
      practice: createPracticeRepository(db),
      answers: createAnswerRepository(db),
      allowance: createAllowance(db),
      banks,
      questionDb: deps.questionDb,
      entitlements,
    }),
    exams,
    blueprints,
    reviews: createReviewService({ unitOfWork, reviews: createReviewRepository(db) }),
    progress: createProgressService({
      progress: createProgressRepository(db),
      exams,
      entitlements,
    }),
    statistics: createItemStatisticsService(createItemStatisticsRepository(db)),
    grading: createGradingService({
      unitOfWork,
      grading: createGradingRepository(db),
      notifications,
    }),
  };
  // The live service reports changes to the live channel and the clock, which need the HTTP
  // server and are attached by apiApp; until then the hooks do nothing.
  const liveHooks = {
    changed: (_roomId: string, _what: LiveChange) => {},
    opened: (_roomId: string, _position: number, _closesAt: Date, _serverNow: Date) => {},
  };
  const liveRepository = createLiveRepository(db);
  const liveConnections = createLiveConnectionsRepository(db);
  // Names this process's live connections in the database, so another process can end them
  // should this one die without saying goodbye.
  const liveProcessId = randomUUID();
  const roomQuestions = createRoomQuestions({ banks, questionDb: deps.questionDb, auth });
  const live = createLiveService({
    live: liveRepository,
    unitOfWork,
    roomQuestions,
    playerLimit: async (host, requestId) => {
      const { memberships } = await auth.principal(host, requestId);
      const roles = [...memberships.values()].map((role) => ({ role }));
      return entitlements.livePlayerLimit(host.user, roles);
    },
    changed: (roomId, what) => liveHooks.changed(roomId, what),
    opened: (roomId, position, closesAt, serverNow) =>
      liveHooks.opened(roomId, position, closesAt, serverNow),
    moderation: createLiveModerationRepository(db),
    teams: createLiveTeamsRepository(db),
    connections: liveConnections,
    processId: liveProcessId,
    log: { warn: (details, message) => serviceLog.warn(details, message) },
  });
  const classRepository = createClassRepository(db);
  const classes = createClassService({
    classes: classRepository,
    auth,
    // Assignments are made after classes, since they need them; a join happens only later.
    welcome: (user, classId) => assignments.welcome(user, classId),
  });
  const classLive = createClassLiveService({
    classes,
    live,
    rooms: createClassLiveRepository(db),
  });
  const gradebook = createGradebookService({
    gradebook: createGradebookRepository(db),
    classes,
    roster: classRepository,
  });
  const assignments = createAssignmentService({
    unitOfWork,
    assignments: createAssignmentRepository(db),
    classes,
    blueprints,
    questionDb: deps.questionDb,
    auth,
    notifications,
    log: { warn: (details, message) => serviceLog.warn(details, message) },
    ...(deps.now && { now: deps.now }),
  });
  const regrades = createRegradeService({
    unitOfWork,
    regrades: createRegradeRepository(db),
    assignments: createAssignmentRepository(db),
    classes,
    questionDb: deps.questionDb,
    auth,
  });
  const analysis = createAnalysisService({
    analysis: createAnalysisRepository(db),
    assignments: createAssignmentRepository(db),
    classes,
  });
  const challenges = createChallengeService({
    unitOfWork,
    challenges: createChallengeRepository(db),
  });
  const reminders = createReminderSweep({
    reminders: createReminderRepository(db),
    notifications,
    ...(deps.now && { now: deps.now }),
  });
  const liveClaims = createLiveClaims({ players: live, live: liveRepository, unitOfWork });
  const billing = createBilling({
    db,
    unitOfWork,
    audit,
    users,
    entitlements,
    partner: deps.payments,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    settings: deps.billing ?? {},
    forgetUsers: (userIds) => userIds.forEach(auth.forgetUserId),
    notifications,
    questionDb: deps.questionDb,
    auth,
    webhookWriters: deps.database.engine === 'postgres' ? 4 : 1,
  });
  const account = createAccountService({
    data: createAccountDataRepository(db),
    audit,
    identity: deps.identityAccounts,
    endSessions: auth.endAllSessions,
    forgetUser: auth.forgetUserId,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    ...(deps.now && { now: deps.now }),
    log: { warn: (details, message) => serviceLog.warn(details, message) },
  });
  const workspaceDeletions = createWorkspaceDeletionService({
    deletions: createWorkspaceDeletionRepository(db),
    audit,
    auth,
    questionDb: deps.questionDb,
    ...(deps.workspaceDeletionGraceMs !== undefined && { graceMs: deps.workspaceDeletionGraceMs }),
    ...(deps.now && { now: deps.now }),
    log: { warn: (details, message) => serviceLog.warn(details, message) },
  });
  return {
    ownerChanges,
    deps,
    db,
    users,
    account,
    workspaceDeletions,
    entitlements,
    billing,
    live,
    roomQuestions,
    liveClaims,
    liveHooks,
    liveConnections,
    liveProcessId,
    audit,
    auth,
    catalog,
    learning,
    notifications,
    classes,
    classLive,
    assignments,
    regrades,
    analysis,
    challenges,
    reminders,
    gradebook,
    serviceLog,
    cookieName: sessionCookieName(deps.secureCookies),
    publicOrigin: new URL(deps.publicUrl).origin,
  };
}
export type ApiCore = ReturnType<typeof createApiCore>;

/** The main API and backend-for-frontend, mounted under `/api`. */
export const apiApp: FastifyPluginAsync<{ core: ApiCore }> = async (app, { core }) => {
  const { deps, auth, cookieName } = core;
  // Shared behaviour first so every later route is validated, permission-checked and documented;
  // access control and rate limits before routes so their hooks cover all of them.
  await app.register(httpKit, { pages: { home: '/', signIn: `${API_PREFIX}/auth/login` } });
  await app.register(openApi, {
    title: 'Questa API',
    description: [
      "Questa's main API and the web client's backend-for-frontend: sign-in, the learner's",
      'practice, exams, reviews and progress, and the admin pages.',
      '',
      'The browser holds only an HttpOnly session cookie, set by `GET /auth/callback` at the end',
      'of a sign-in at the identity provider; tokens stay on the server. Every call that changes',
      'something must carry the header `x-questa-request: 1` and the page’s `Origin`, which a',
      'cross-site page cannot send.',
      '',
      'Errors are RFC 9457 problem documents (`application/problem+json`) with a stable `code`,',
      'such as `auth.required`, `validation.failed` (with `errors` per field), `quota.exceeded` or',
      '`unavailable` (with `Retry-After`), and a `requestId` to quote.',
    ].join('\n'),
    securitySchemes: {
      session: {
        type: 'apiKey',
        in: 'cookie',
        name: core.cookieName,
        description: 'The session cookie set when signing in through `/auth/login`.',
      },
    },
  });
  await app.register(access, {
    auth,
    cookieName,
    publicOrigin: core.publicOrigin,
    deletionScheduled: core.workspaceDeletions.isScheduled,
  });
  // After access, whose same-origin check refuses forged requests before they are counted.
  if (deps.rateLimits) {
    await app.register(apiRateLimits, {
      settings: deps.rateLimits,
      auth,
      cookieName,
      redisUrl: deps.redisUrl,
      redisKeyPrefix: deps.redisKeyPrefix ?? 'questa:',
    });
  }

  healthRoute(app, 'api', deps.database);
  await app.register(catalogRoutes, { catalog: core.catalog });
  await app.register(authRoutes, {
    auth,
    cookieName,
    secureCookies: deps.secureCookies,
    publicUrl: deps.publicUrl,
  });
  await app.register(sessionRoutes, { auth, cookieName });
  await app.register(accountRoutes, {
    auth,
    account: core.account,
    cookieName,
    secureCookies: deps.secureCookies,
  });
  await app.register(adminRoutes, {
    admin: createAdminService({
      users: core.users,
      audit: core.audit,
      auth,
      questionDb: deps.questionDb,
      account: core.account,
    }),
  });

  const { learning } = core;
  await app.register(practiceRoutes, { practice: learning.practice });
  await app.register(examRoutes, { exams: learning.exams });
  await app.register(blueprintRoutes, { blueprints: learning.blueprints, catalog: core.catalog });
  await app.register(reviewRoutes, { reviews: learning.reviews });
  await app.register(progressRoutes, { progress: learning.progress });
  await app.register(itemStatisticsRoutes, { statistics: learning.statistics });
  await app.register(peopleRoutes, {
    people: createPeopleService({ users: core.users, auth, questionDb: deps.questionDb }),
  });
  await app.register(gradingRoutes, { grading: learning.grading });
  core.serviceLog.warn = (details, message) => app.log.warn(details, message);
  await app.register(notificationRoutes, { notifications: core.notifications });
  await app.register(workspaceRoutes, {
    workspaces: createWorkspaceService({
      auth,
      audit: core.audit,
      questionDb: deps.questionDb,
      users: core.users,
      notifications: core.notifications,
    }),
  });
  await app.register(workspaceDeletionRoutes, { deletions: core.workspaceDeletions });
  await app.register(billingApp, { billing: core.billing });
  await app.register(classRoutes, { classes: core.classes });
  await app.register(assignmentRoutes, {
    assignments: core.assignments,
    regrades: core.regrades,
    analysis: core.analysis,
  });
  await app.register(challengeRoutes, { challenges: core.challenges });
  await app.register(gradebookRoutes, { gradebook: core.gradebook });
  await app.register(classLiveRoutes, { classLive: core.classLive });

  await app.register(liveRoutes, {
    live: core.live,
    roomQuestions: core.roomQuestions,
    claims: core.liveClaims,
    optionalUser: async (request) =>
      (await auth.resolve(readCookie(request.headers.cookie, cookieName)))?.user,
  });
  const clock = startLiveClock(core.live, {
    sweepMs: deps.liveSweepIntervalMs ?? 1000,
    log: app.log,
  });
  const channel = createLiveChannel({
    server: app.server,
    path: `${app.prefix}/live`,
    publicOrigin: core.publicOrigin,
    live: core.live,
    resolveSession: (cookie) => auth.resolve(readCookie(cookie, cookieName)),
    log: app.log,
    roomMarks: core.live.roomMarks,
    ...(deps.redisUrl && {
      redis: { url: deps.redisUrl, streamName: `${deps.redisKeyPrefix ?? 'questa:'}live` },
    }),
  });
  core.liveHooks.changed = channel.changed;
  core.liveHooks.opened = clock.opened;
  const heartbeat =
    deps.liveHeartbeatMs === 0
      ? undefined
      : await startLiveHeartbeat({
          connections: core.liveConnections,
          processId: core.liveProcessId,
          everyMs: deps.liveHeartbeatMs ?? HEARTBEAT_EVERY_MS,
          lapseMs: deps.liveHeartbeatLapseMs ?? HEARTBEAT_LAPSE_MS,
          held: channel.heldPlayers,
          recordConnected: (playerId, roomId) => core.live.setConnected(playerId, roomId, true),
          changed: (roomIds) => roomIds.forEach((roomId) => channel.changed(roomId, 'presence')),
          log: app.log,
        });
  app.addHook('onClose', () => core.ownerChanges.close());
  app.addHook('preClose', async () => {
    clock.stop();
    // This process's players count as away from now on, until they come back elsewhere; the
    // hosts hear it before the channel closes, as those who do not come back never say so.
    const rooms =
      (await heartbeat?.stop().catch((error: unknown) => {
        app.log.warn({ err: error }, 'live connections not ended');
        return [];
      })) ?? [];
    await channel.sendHosts(rooms).catch(() => undefined);
    await channel.close();
  });

  // Deletions whose fourteen days ran out, or that the identity provider held up, are carried out
  // here without the person coming back; every process sweeps, each deletion is claimed by one.
  const deletionSweepEvery = deps.deletionSweepIntervalMs ?? 10 * 60_000;
  if (deletionSweepEvery > 0) {
    const timer = setInterval(() => {
      core.account.finishDueDeletions().catch((error: unknown) => {
        app.log.warn({ err: error }, 'due account deletions could not be finished yet');
      });
    }, deletionSweepEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Workspaces whose deletion is due are erased by whichever process claims each first.
  const workspaceSweepEvery = deps.workspaceDeletionSweepIntervalMs ?? 10 * 60_000;
  if (workspaceSweepEvery > 0) {
    const timer = setInterval(() => {
      core.workspaceDeletions.finishDue().catch((error: unknown) => {
        app.log.warn({ err: error }, 'due workspace deletions could not be finished yet');
      });
    }, workspaceSweepEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // Reminders a day before an assignment is due; every process sweeps, each assignment is
  // claimed by one at a time and each learner is reminded once.
  const reminderSweepEvery = deps.reminderSweepIntervalMs ?? 5 * 60_000;
  if (reminderSweepEvery > 0) {
    const timer = setInterval(() => {
      core.reminders.remindDue().catch((error: unknown) => {
        app.log.warn({ err: error }, 'assignment reminders could not be sent yet');
      });
    }, reminderSweepEvery);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const sweepEvery = deps.examSweepIntervalMs ?? 5000;
  if (sweepEvery > 0) {
    const sweeper = startDeadlineSweeper(learning.exams, { intervalMs: sweepEvery, log: app.log });
    app.addHook('onClose', () => sweeper.stop());
  }
};

/** The service on its own root server, as tests and the standalone process use it. */
export async function buildApp(deps: ApiDeps): Promise<FastifyInstance> {
  const root = createRootServer({ logLevel: 'silent' });
  await root.register(apiApp, { prefix: API_PREFIX, core: createApiCore(deps) });
  await root.ready();
  return root;
}
