import { ASSIGNMENT_REMINDER_HOURS, type NotificationSubject } from '@questa/contracts';
import type { NotificationService } from '../notifications/notification.service';
import type { ReminderRepository } from './reminder.repository';

/** Learners reminded per statement: each is short, so requests get the connection in between. */
const BATCH = 500;
/** How long one process keeps an assignment it is reminding for. */
const LEASE_MS = 10 * 60_000;

/** Lets waiting requests run between batches, on the one embedded connection too. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * "Due tomorrow" reminders, swept by every API process: each claims assignments due within a
 * day, reminds their learners who have not completed them in batches (notice and record in one
 * statement), then mails those who chose mail. Returns how many learners it reminded.
 */
export function createReminderSweep(deps: {
  reminders: ReminderRepository;
  notifications: Pick<NotificationService, 'mailEach'>;
  now?: () => Date;
  /** Learners per statement; smaller in tests that follow the batches. */
  batch?: number;
}) {
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batch ?? BATCH;
  return {
    async remindDue(limit = 20): Promise<number> {
      let reminded = 0;
      const due = await deps.reminders.claimDue(
        now(),
        ASSIGNMENT_REMINDER_HOURS * 3_600_000,
        LEASE_MS,
        limit,
      );
      for (const assignment of due) {
        const subject: NotificationSubject = {
          kind: 'assignment_due',
          assignmentId: assignment.id,
          title: assignment.title,
          className: assignment.className,
          dueAt: assignment.dueAt,
        };
        for (;;) {
          const batch = await deps.reminders.remindBatch(assignment, subject, batchSize);
          reminded += batch.length;
          // Mail waits on the mail server, never inside a statement.
          await deps.notifications.mailEach(batch, subject);
          if (batch.length < batchSize) break;
          await yieldToRequests();
        }
      }
      return reminded;
    },
  };
}

export type ReminderSweep = ReturnType<typeof createReminderSweep>;
