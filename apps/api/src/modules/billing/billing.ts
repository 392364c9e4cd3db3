import type { FastifyPluginAsync } from 'fastify';
import type { MailTransport } from '@questa/mail';
import { HttpProblem, sampledGauge } from '@questa/http-kit';
import type { PaymentPartner } from '../../adapters/payment-partner';
import type { ApiDb } from '../../db/tables';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { AuditRepository } from '../audit/audit.repository';
import type { EntitlementService } from '../entitlements/entitlements';
import type { AuthService } from '../auth/auth.service';
import type { NotificationService } from '../notifications/notification.service';
import type { UserRepository } from '../users/user.repository';
import type { QuestionDbClient } from '../../adapters/question-db-client';
import { billingAdminRoutes } from './billing-admin.routes';
import { createBatchedWork } from './batched-work';
import { createBillingAdminService } from './billing-admin.service';
import { createBillingJobs } from './billing-jobs.service';
import { createBillingReportRepository } from './billing-report.repository';
import { createBillingSync } from './billing-sync.service';
import { billingRoutes, webhookRoutes } from './billing.routes';
import { createCheckoutReturn } from './checkout-return.service';
import { createCheckoutRepository } from './checkout.repository';
import { createCheckoutService } from './checkout.service';
import { createEventApplier } from './event-applier';
import { createNoticeRepository } from './notice.repository';
import { createPartnerReader } from './partner-reader';
import { createPaymentEventRepository } from './payment-event.repository';
import { createPlanRepository } from './plan.repository';
import { createPlanService } from './plan.service';
import { createPlanLimits } from './plan-limits.service';
import { createSubscriptionRepository } from './subscription.repository';
import { createWebhookService } from './webhook.service';
import { createWorkspacePlanRepository } from './workspace-plan.repository';
import { workspacePlanRoutes } from './workspace-plan.routes';
import { createWorkspacePlanService } from './workspace-plan.service';

export interface BillingSettings {
  checkoutExpiryMinutes?: number;
  renewalNoticeDays?: number;
  /** 0: only on an admin's request. */
  reconcileIntervalHours?: number;
  /** How often each process checks whether the schedule is due and sends waiting mail; 0: never. */
  jobTickMs?: number;
}

/** Stands in for the partner where none is configured: every call that needs it is unavailable. */
const noPartner = new Proxy({} as PaymentPartner, {
  get: () => () => {
    throw new HttpProblem('unavailable', {
      detail: 'Payments are not set up on this server, so nothing can be bought here yet.',
      retryAfter: 3600,
    });
  },
});

/** Billing's services, built once per process. */
export function createBilling(deps: {
  db: ApiDb;
  unitOfWork: UnitOfWork;
  audit: AuditRepository;
  users: UserRepository;
  entitlements: EntitlementService;
  partner: PaymentPartner | undefined;
  mail: MailTransport | undefined;
  publicUrl: string;
  settings: BillingSettings;
  /** Learners whose premium may have changed: their cached sessions are dropped. */
  forgetUsers: (userIds: string[]) => void;
  /** Sends the mail of in-app notices billing wrote (a workspace payment that failed). */
  notifications: Pick<NotificationService, 'mailAbout'>;
  /** Members of a workspace, for its seats used, read with the owner's own token. */
  questionDb: Pick<QuestionDbClient, 'listMembers' | 'myMemberships' | 'setPlanLimits'>;
  auth: Pick<AuthService, 'accessToken'>;
  /**
   * How many webhook transactions may be open at once: one on the embedded database, which has
   * one connection; a few on PostgreSQL, whose pool has several.
   */
  webhookWriters?: number;
}) {
  // The server's logger exists only once billingApp is registered; until then nothing is logged.
  let logger: Parameters<typeof createBillingJobs>[0]['log'] | undefined;
  const log: Parameters<typeof createBillingJobs>[0]['log'] = {
    info: (object, message) => logger?.info(object, message),
    warn: (object, message) => logger?.warn(object, message),
    error: (object, message) => logger?.error(object, message),
  };

  const partner = deps.partner ?? noPartner;
  const plans = createPlanRepository(deps.db);
  const checkouts = createCheckoutRepository(deps.db);
  const subscriptions = createSubscriptionRepository(deps.db);
  const notices = createNoticeRepository(deps.db);
  const sync = createBillingSync();
  const reader = createPartnerReader(partner);
  const planService = createPlanService({ plans, unitOfWork: deps.unitOfWork, partner });

  // Set below, once the jobs exist: a change may have queued mail, which goes out after commit.
  let afterChange = (userIds: string[], _mailQueued: boolean) => deps.forgetUsers(userIds);
  /** After a commit: sessions of `userIds` are dropped; mail is looked for only when some waits. */
  const changed = (userIds: string[], mailQueued = true) => afterChange(userIds, mailQueued);

  const jobs = createBillingJobs({
    partner,
    reader,
    unitOfWork: deps.unitOfWork,
    sync,
    checkouts,
    subscriptions,
    notices,
    audit: deps.audit,
    mail: deps.mail,
    publicUrl: deps.publicUrl,
    renewalNoticeDays: deps.settings.renewalNoticeDays ?? 7,
    reconcileIntervalHours: deps.settings.reconcileIntervalHours ?? 24,
    changed,
    log,
  });
  // Looking for mail costs a query; a webhook burst would pay it per event with none to send.
  afterChange = (userIds, mailQueued) => {
    if (userIds.length > 0) deps.forgetUsers(userIds);
    if (mailQueued) jobs.kick();
  };

  const workspaceRows = createWorkspacePlanRepository(deps.db);
  const planLimits = createPlanLimits({
    workspaces: workspaceRows,
    questionDb: deps.questionDb,
    log,
  });

  const paymentEvents = createPaymentEventRepository(deps.db);
  const applier = createEventApplier({
    events: paymentEvents,
    unitOfWork: deps.unitOfWork,
    reader,
    sync,
    changed,
    noticed: (notices) => void deps.notifications.mailAbout(notices),
    limitsDue: planLimits.kick,
    log,
  });

  const checkoutService = createCheckoutService({
    partner,
    plans: planService,
    checkouts,
    subscriptions,
    users: deps.users,
    entitlements: deps.entitlements,
    audit: deps.audit,
    publicUrl: deps.publicUrl,
    checkoutExpiryMinutes: deps.settings.checkoutExpiryMinutes ?? 60,
    changed: deps.forgetUsers,
  });

  return {
    plans: planService,
    jobs,
    notices,
    checkouts: checkoutService,
    checkoutReturn: createCheckoutReturn({
      reader,
      unitOfWork: deps.unitOfWork,
      sync,
      checkouts,
      overview: checkoutService.overview,
      changed,
    }),
    webhooks: createWebhookService({
      partner,
      unitOfWork: createBatchedWork(deps.unitOfWork, { parallel: deps.webhookWriters ?? 1 }),
      applier,
    }),
    workspacePlans: createWorkspacePlanService({
      partner,
      plans: planService,
      prices: plans,
      workspaces: workspaceRows,
      unitOfWork: deps.unitOfWork,
      sync,
      reader,
      questionDb: deps.questionDb,
      auth: deps.auth,
      audit: deps.audit,
      publicUrl: deps.publicUrl,
      checkoutExpiryMinutes: deps.settings.checkoutExpiryMinutes ?? 60,
      limitsDue: planLimits.kick,
    }),
    planLimits,
    applier,
    paymentEvents,
    admin: createBillingAdminService({
      partner,
      unitOfWork: deps.unitOfWork,
      subscriptions,
      checkouts,
      reports: createBillingReportRepository(deps.db),
      users: deps.users,
      entitlements: deps.entitlements,
    }),
    jobTickMs: deps.settings.jobTickMs ?? 10 * 60_000,
    useLog: (server: typeof logger) => (logger = server),
  };
}

export type Billing = ReturnType<typeof createBilling>;

/** Billing's routes, and its periodic work for as long as the server runs. */
export const billingApp: FastifyPluginAsync<{ billing: Billing }> = async (app, { billing }) => {
  billing.useLog(app.log);
  await app.register(billingRoutes, {
    plans: billing.plans,
    checkouts: billing.checkouts,
    checkoutReturn: billing.checkoutReturn,
  });
  await app.register(webhookRoutes, { webhooks: billing.webhooks });
  await app.register(workspacePlanRoutes, { workspacePlans: billing.workspacePlans });
  await app.register(billingAdminRoutes, {
    plans: billing.plans,
    admin: billing.admin,
    jobs: billing.jobs,
    events: billing.paymentEvents,
  });
  if (billing.jobTickMs > 0) {
    const timer = billing.jobs.start(billing.jobTickMs);
    app.addHook('onClose', () => timer.stop());
  }
  // Events recorded but not applied when a process stopped are applied by the next to start.
  const applying = billing.applier.start();
  // The partner's events waiting to be applied, and for how long: the lag an operator watches.
  // Every process reports the same table; a dashboard takes the largest.
  const stopSampling = sampledGauge({
    name: 'questa_payment_events_waiting',
    help: 'Payment partner events recorded but not yet applied: how many, and the oldest age in seconds.',
    labelNames: ['measure'],
  }).addSource(async () => {
    const backlog = await billing.paymentEvents.backlog();
    const age = backlog.oldestCreatedAt
      ? Math.max(0, (Date.now() - Date.parse(backlog.oldestCreatedAt)) / 1000)
      : 0;
    return [
      [{ measure: 'events' }, backlog.waiting],
      [{ measure: 'oldest_age_seconds' }, age],
    ];
  });
  // So are limits the question database had not taken when a process stopped or it was down.
  const sendingLimits = billing.planLimits.start();
  app.addHook('onClose', async () => {
    stopSampling();
    applying.stop();
    sendingLimits.stop();
    await billing.applier.idle();
    await billing.planLimits.idle();
  });
};
