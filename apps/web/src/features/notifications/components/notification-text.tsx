import type { Notification } from '@questa/contracts';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatMoney, useI18n } from '../../../lib/i18n';

const round = (value: number) => Math.round(value * 100) / 100;

/** What a notification says, and where it leads, by kind. */
export function NotificationText({ subject }: { subject: Notification['subject'] }) {
  const { t, locale } = useI18n();
  switch (subject.kind) {
    case 'essay_graded':
      return (
        <>
          <p className="notification__title">
            <Link to={`/exams/${subject.attemptId}/review`}>
              {t('notifications.essayGraded.title', { exam: subject.examTitle })}
            </Link>
          </p>
          <p className="notification__body">
            {t('notifications.essayGraded.body', {
              points: round(subject.points),
              count: round(subject.maxPoints),
              bank: subject.bankTitle,
            })}
          </p>
        </>
      );
    case 'assignment_given':
    case 'assignment_due': {
      const words =
        subject.kind === 'assignment_given'
          ? ({
              title: 'notifications.assignmentGiven.title',
              body: 'notifications.assignmentGiven.body',
            } as const)
          : ({
              title: 'notifications.assignmentDue.title',
              body: 'notifications.assignmentDue.body',
            } as const);
      return (
        <>
          <p className="notification__title">
            <Link to="/todo">{t(words.title, { title: subject.title })}</Link>
          </p>
          <p className="notification__body">
            {t(words.body, {
              className: subject.className,
              due: formatDateTime(subject.dueAt, locale),
            })}
          </p>
        </>
      );
    }
    case 'workspace_payment_failed':
      return (
        <>
          <p className="notification__title">
            <Link to={`/workspaces/${subject.clientId}/plan`}>
              {t('notifications.workspacePaymentFailed.title', {
                workspace: subject.workspaceName,
              })}
            </Link>
          </p>
          <p className="notification__body">
            {t('notifications.workspacePaymentFailed.body', {
              amount: formatMoney(subject.amount, subject.currency, locale),
            })}
          </p>
        </>
      );
    case 'invitation':
      return (
        <>
          <p className="notification__title">
            <Link to={subject.link}>
              {t('notifications.invitation.title', {
                name: subject.invitedBy,
                workspace: subject.workspaceName,
              })}
            </Link>
          </p>
          <p className="notification__body">
            {t('notifications.invitation.body', {
              role: t(`tenantRole.${subject.role}`),
              date: formatDate(subject.expiresAt, locale),
            })}
          </p>
        </>
      );
  }
}
