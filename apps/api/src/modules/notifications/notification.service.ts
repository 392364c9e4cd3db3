import {
  MAIL_BY_DEFAULT,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '@questa/contracts/rules';
import type { MailPreferences, NotificationList, NotificationSubject } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import {
  assignmentDueMail,
  assignmentGivenMail,
  essayGradedMail,
  invitationMail,
  workspacePaymentFailedMail,
  type MailMessage,
  type MailTransport,
} from '@questa/mail';
import type { NotificationRepository } from './notification.repository';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

/** A mail server that does not answer in this time is given up on; the in-app notice stays. */
const MAIL_TIMEOUT_MS = 10_000;

interface Log {
  warn(details: object, message: string): void;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createNotificationService(deps: {
  notifications: NotificationRepository;
  mail: MailTransport | undefined;
  publicUrl: string;
  log: Log;
}) {
  const { notifications } = deps;
  let key: Promise<Buffer> | undefined;
  const signingKey = () => {
    key ??= notifications.signingKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };

  async function mailOn(userId: string, kind: NotificationKind): Promise<boolean> {
    const chosen = await notifications.mailChoices(userId);
    return chosen[kind] ?? MAIL_BY_DEFAULT[kind];
  }

  /** Due times in mail read the same for everyone, in UTC, since the mail knows no time zone. */
  const dueText = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' UTC';

  /**
   * The mail for a notice, by its kind. Without an unsubscribe link (mail to someone with no
   * account), kinds that need one point to the account's mail settings.
   */
  function mailOf(
    subject: NotificationSubject,
    to: { email: string; name: string },
    unsubscribeUrl: string | undefined,
  ): MailMessage {
    switch (subject.kind) {
      case 'essay_graded':
        return essayGradedMail({
          to: to.email,
          name: to.name,
          examTitle: subject.examTitle,
          points: subject.points,
          maxPoints: subject.maxPoints,
          resultUrl: `${deps.publicUrl}/exams/${subject.attemptId}/review`,
          unsubscribeUrl: unsubscribeUrl ?? `${deps.publicUrl}/account#mail`,
        });
      case 'assignment_given':
      case 'assignment_due': {
        const write = subject.kind === 'assignment_given' ? assignmentGivenMail : assignmentDueMail;
        return write({
          to: to.email,
          name: to.name,
          title: subject.title,
          className: subject.className,
          due: dueText(subject.dueAt),
          todoUrl: `${deps.publicUrl}/todo`,
          unsubscribeUrl: unsubscribeUrl ?? `${deps.publicUrl}/account#mail`,
        });
      }
      case 'workspace_payment_failed':
        return workspacePaymentFailedMail({
          to: to.email,
          name: to.name,
          workspaceName: subject.workspaceName,
          amount: subject.amount,
          currency: subject.currency,
          payUrl: subject.hostedUrl,
          planUrl: `${deps.publicUrl}/workspaces/${subject.clientId}/plan`,
          unsubscribeUrl: unsubscribeUrl ?? `${deps.publicUrl}/account#mail`,
        });
      case 'invitation':
        return invitationMail({
          to: to.email,
          invitedBy: subject.invitedBy,
          workspaceName: subject.workspaceName,
          role: subject.role,
          acceptUrl: `${deps.publicUrl}${subject.link}`,
          expiresAt: new Date(subject.expiresAt),
          unsubscribeUrl,
        });
    }
  }

  async function sendMail(userId: string, subject: NotificationSubject) {
    if (!deps.mail || !(await mailOn(userId, subject.kind))) return;
    const to = await notifications.recipient(userId);
    if (!to) return;
    const token = signUnsubscribe(await signingKey(), userId, subject.kind);
    const unsubscribeUrl = `${deps.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
    await withTimeout(deps.mail.send(mailOf(subject, to, unsubscribeUrl)), MAIL_TIMEOUT_MS);
  }

  /** Mails each of `userIds` who chose it, one after another; a failure is logged, not thrown. */
  async function mailEach(userIds: readonly string[], subject: NotificationSubject) {
    for (const userId of userIds) {
      await sendMail(userId, subject).catch((error: unknown) => {
        deps.log.warn({ err: error, userId, kind: subject.kind }, 'notification mail not sent');
      });
    }
  }

  /** The mail for notices already written (in the transaction of their cause); failures logged. */
  function mailAbout(notices: { userId: string; subject: NotificationSubject }[]) {
    return Promise.all(
      notices.map(({ userId, subject }) =>
        sendMail(userId, subject).catch((error: unknown) => {
          deps.log.warn({ err: error, userId, kind: subject.kind }, 'notification mail not sent');
        }),
      ),
    ).then(() => undefined);
  }

  return {
    mailAbout,

    /**
     * Tells a person: the in-app notice is written before this returns; the mail, when they
     * chose it, follows without holding up the caller, and a mail that fails is logged.
     */
    async notify(userId: string, subject: NotificationSubject): Promise<{ mailed: Promise<void> }> {
      await notifications.add(userId, subject);
      const mailed = sendMail(userId, subject).catch((error: unknown) => {
        deps.log.warn({ err: error, userId, kind: subject.kind }, 'notification mail not sent');
      });
      return { mailed };
    },

    /**
     * Tells many people the same thing: every in-app notice in one statement before this
     * returns, the mails after it, one at a time, without holding up the caller.
     */
    async notifyMany(
      userIds: readonly string[],
      subject: NotificationSubject,
    ): Promise<{ mailed: Promise<void> }> {
      await notifications.addMany(userIds, subject);
      return { mailed: mailEach(userIds, subject) };
    },

    /** Mails people whose in-app notices were written already (by a sweep's own statement). */
    mailEach,

    /**
     * Mails someone who has no account here, so no notice and no preferences: only an
     * invitation does that, to the address the inviter typed. Logged, not thrown, on failure.
     */
    mailStranger(
      email: string,
      subject: NotificationSubject & { kind: 'invitation' },
    ): Promise<void> {
      if (!deps.mail) return Promise.resolve();
      return withTimeout(
        deps.mail.send(mailOf(subject, { email, name: email }, undefined)),
        MAIL_TIMEOUT_MS,
      ).catch((error: unknown) => {
        deps.log.warn({ err: error, kind: subject.kind }, 'invitation mail not sent');
      });
    },

    async list(userId: string, limit: number, before?: string): Promise<NotificationList> {
      const [page, unread] = await Promise.all([
        notifications.page(userId, limit, before),
        notifications.unread(userId),
      ]);
      return {
        notifications: page,
        unread,
        nextBefore: page.length === limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async unread(userId: string) {
      return { unread: await notifications.unread(userId) };
    },

    async markRead(userId: string, ids: string[] | undefined) {
      await notifications.markRead(userId, ids);
      return { unread: await notifications.unread(userId) };
    },

    async preferences(userId: string): Promise<MailPreferences> {
      const chosen = await notifications.mailChoices(userId);
      return {
        mail: Object.fromEntries(
          NOTIFICATION_KINDS.map((kind) => [kind, chosen[kind] ?? MAIL_BY_DEFAULT[kind]]),
        ) as MailPreferences['mail'],
      };
    },

    async choose(userId: string, mail: Partial<Record<NotificationKind, boolean>>) {
      await notifications.chooseMail(userId, mail);
      return this.preferences(userId);
    },

    /** Turns one kind of mail off for whoever the token was signed for; no session needed. */
    async unsubscribe(token: string): Promise<{ kind: NotificationKind }> {
      const claims = verifyUnsubscribe(await signingKey(), token);
      if (!claims || !(await notifications.userExists(claims.userId))) {
        throw new HttpProblem('notifications.unsubscribe_invalid', {
          detail: 'This unsubscribe link is not valid. Choose your mails under Account instead.',
        });
      }
      await notifications.chooseMail(claims.userId, { [claims.kind]: false });
      return { kind: claims.kind };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
