import type { QuestaConfig } from '@questa/config';
import type { MailTransport } from './mail-transport';
import { createOutboxTransport } from './outbox-transport';
import { createSmtpTransport } from './smtp-transport';

export type { MailMessage, MailTransport } from './mail-transport';
export { createOutboxTransport, readOutbox, type OutboxMessage } from './outbox-transport';
export { createSmtpTransport } from './smtp-transport';
export { essayGradedMail } from './templates/essay-graded';
export { workspacePaymentFailedMail } from './templates/workspace-payment-failed';
export { assignmentDueMail, assignmentGivenMail } from './templates/assignments';
export { invitationMail } from './templates/invitation';
export { deletionCancelledMail, deletionScheduledMail } from './templates/account-deletion';

/** Where the outbox transport writes mail when no SMTP server is configured. */
export const outboxDir = (config: QuestaConfig) => config.mail.outboxDir;

/** SMTP when `SMTP_URL` names a server, otherwise JSON files in the outbox (MAIL_OUTBOX_DIR, or the data folder's). */
export function mailTransportFromConfig(config: QuestaConfig): MailTransport & { close?(): void } {
  return config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from)
    : createOutboxTransport(outboxDir(config));
}
