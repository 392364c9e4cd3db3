import type { MailMessage } from '../mail-transport';

/** A date and time as a person reads it, in UTC, which the mail says. */
const when = (moment: Date) =>
  `${moment.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })} at ${moment.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;

/**
 * The mail a learner gets on asking to delete their account: when it happens, and that signing
 * in before then keeps it. Sent to the address being deleted, so someone who asked in another's
 * name is found out by the owner.
 */
export function deletionScheduledMail(input: {
  to: string;
  name: string;
  dueAt: Date;
  graceDays: number;
  signInUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Your Questa account will be deleted in ${input.graceDays} days`,
    text: [
      `Hello ${input.name},`,
      '',
      `You asked us to delete your Questa account. We will delete it in ${input.graceDays} days, on ${when(input.dueAt)}, with your answers, review cards, exams and the rest of your learning data.`,
      'You have been signed out everywhere.',
      '',
      `Changed your mind? Sign in before then and the deletion is cancelled: ${input.signInUrl}`,
      '',
      'If you did not ask for this, sign in to keep your account, and change your password.',
    ].join('\n'),
  };
}

/** The mail that confirms a sign-in cancelled a pending deletion. */
export function deletionCancelledMail(input: {
  to: string;
  name: string;
  accountUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'Your Questa account will not be deleted',
    text: [
      `Hello ${input.name},`,
      '',
      'You signed in, so the deletion of your Questa account you asked for is cancelled. Your account and your learning data stay as they are.',
      `To delete it after all, ask again on your account page: ${input.accountUrl}`,
    ].join('\n'),
  };
}
