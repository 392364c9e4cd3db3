import type { MailMessage } from '@questa/mail';

const signature = '— Questa';

export function verificationMail(to: string, displayName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email for Questa',
    text: [
      `Hello ${displayName},`,
      '',
      'Please confirm your email address to finish creating your Questa account:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
      '',
      signature,
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(
  to: string,
  signInLink: string,
  resetLink: string,
): MailMessage {
  return {
    to,
    subject: 'You already have a Questa account',
    text: [
      'Hello,',
      '',
      'Someone tried to create a Questa account with this email address, but you already have one.',
      `Sign in here: ${signInLink}`,
      `Forgot your password? Choose a new one here: ${resetLink}`,
      '',
      'If this was not you, ignore this email; nothing has changed.',
      '',
      signature,
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, displayName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Questa password',
    text: [
      `Hello ${displayName},`,
      '',
      'Choose a new password for your Questa account here:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email;',
      'your password stays as it is.',
      '',
      signature,
    ].join('\n'),
  };
}
