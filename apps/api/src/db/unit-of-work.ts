import { createAssignmentRepository } from '../modules/assignments/assignment.repository';
import { createRegradeRepository } from '../modules/assignments/regrade.repository';
import { createSubmissionRepository } from '../modules/assignments/submission.repository';
import { createChallengeRepository } from '../modules/challenges/challenge.repository';
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createCheckoutRepository } from '../modules/billing/checkout.repository';
import { createNoticeRepository } from '../modules/billing/notice.repository';
import { createPaymentEventRepository } from '../modules/billing/payment-event.repository';
import { createPlanRepository } from '../modules/billing/plan.repository';
import { createSubscriptionRepository } from '../modules/billing/subscription.repository';
import { createWorkspacePlanRepository } from '../modules/billing/workspace-plan.repository';
import { createExamRepository } from '../modules/exams/exam.repository';
import { createGradingRepository } from '../modules/grading/grading.repository';
import { createAnswerRepository } from '../modules/learning/answer.repository';
import { createDailyUsageRepository } from '../modules/learning/daily-usage.repository';
import { createLiveRepository } from '../modules/live/live.repository';
import { createNotificationRepository } from '../modules/notifications/notification.repository';
import { createPracticeRepository } from '../modules/practice/practice.repository';
import { createReviewRepository } from '../modules/reviews/review.repository';
import type { ApiDb } from './tables';

/** The repositories whose writes must commit together, bound to one transaction. */
export function repositoriesOf(executor: ApiDb) {
  return {
    exams: createExamRepository(executor),
    practice: createPracticeRepository(executor),
    reviews: createReviewRepository(executor),
    answers: createAnswerRepository(executor),
    dailyUsage: createDailyUsageRepository(executor),
    live: createLiveRepository(executor),
    plans: createPlanRepository(executor),
    checkouts: createCheckoutRepository(executor),
    subscriptions: createSubscriptionRepository(executor),
    paymentEvents: createPaymentEventRepository(executor),
    notices: createNoticeRepository(executor),
    workspacePlans: createWorkspacePlanRepository(executor),
    notifications: createNotificationRepository(executor),
    audit: createAuditRepository(executor),
    grading: createGradingRepository(executor),
    submissions: createSubmissionRepository(executor),
    assignments: createAssignmentRepository(executor),
    regrades: createRegradeRepository(executor),
    challenges: createChallengeRepository(executor),
  };
}

export type WorkRepositories = ReturnType<typeof repositoriesOf>;

/**
 * Runs `work` in one transaction: everything it does through the repositories it is given
 * commits together or not at all. This is the only way services write across repositories, so no
 * service holds a database transaction of its own. The work must stay inside the database: a call
 * to another service or any other wait would hold the transaction (and, on the embedded database,
 * its one connection) for as long as that takes.
 */
export type UnitOfWork = <T>(work: (repositories: WorkRepositories) => Promise<T>) => Promise<T>;

export function createUnitOfWork(db: ApiDb): UnitOfWork {
  return (work) => db.transaction().execute((trx) => work(repositoriesOf(trx)));
}
