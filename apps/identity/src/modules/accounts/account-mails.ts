import type { MailMessage } from '@questa/mail';
import type { Locale } from '../../pages/messages';

/**
 * The provider's mails, in each language of its pages. They go out in the language of the page
 * the request came from (decision 0012), so a German sign-up gets a German confirmation.
 */
const en = {
  signature: '— Questa',
  verification: {
    subject: 'Confirm your email for Questa',
    body: (displayName: string, link: string) => [
      `Hello ${displayName},`,
      '',
      'Please confirm your email address to finish creating your Questa account:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ],
  },
  alreadyRegistered: {
    subject: 'You already have a Questa account',
    body: (signInLink: string, resetLink: string) => [
      'Hello,',
      '',
      'Someone tried to create a Questa account with this email address, but you already have one.',
      `Sign in here: ${signInLink}`,
      `Forgot your password? Choose a new one here: ${resetLink}`,
      '',
      'If this was not you, ignore this email; nothing has changed.',
    ],
  },
  reset: {
    subject: 'Reset your Questa password',
    body: (displayName: string, link: string) => [
      `Hello ${displayName},`,
      '',
      'Choose a new password for your Questa account here:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email;',
      'your password stays as it is.',
    ],
  },
};

const de: typeof en = {
  signature: '— Questa',
  verification: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Questa',
    body: (displayName, link) => [
      `Hallo ${displayName},`,
      '',
      'bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Questa-Konto fertig einzurichten:',
      '',
      link,
      '',
      'Der Link funktioniert einmal und läuft nach 24 Stunden ab. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
    ],
  },
  alreadyRegistered: {
    subject: 'Sie haben bereits ein Questa-Konto',
    body: (signInLink, resetLink) => [
      'Hallo,',
      '',
      'jemand wollte mit dieser E-Mail-Adresse ein Questa-Konto erstellen, aber Sie haben schon eines.',
      `Hier melden Sie sich an: ${signInLink}`,
      `Passwort vergessen? Hier wählen Sie ein neues: ${resetLink}`,
      '',
      'Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; es hat sich nichts geändert.',
    ],
  },
  reset: {
    subject: 'Ihr Questa-Passwort zurücksetzen',
    body: (displayName, link) => [
      `Hallo ${displayName},`,
      '',
      'hier wählen Sie ein neues Passwort für Ihr Questa-Konto:',
      '',
      link,
      '',
      'Der Link funktioniert einmal und läuft nach 1 Stunde ab. Wenn Sie ihn nicht angefordert haben,',
      'ignorieren Sie diese E-Mail; Ihr Passwort bleibt, wie es ist.',
    ],
  },
};

const mails: Record<Locale, typeof en> = { en, de };

const message = (to: string, locale: Locale, subject: string, lines: string[]): MailMessage => ({
  to,
  subject,
  text: [...lines, '', mails[locale].signature].join('\n'),
});

export function verificationMail(
  to: string,
  displayName: string,
  link: string,
  locale: Locale = 'en',
): MailMessage {
  const { subject, body } = mails[locale].verification;
  return message(to, locale, subject, body(displayName, link));
}

export function alreadyRegisteredMail(
  to: string,
  signInLink: string,
  resetLink: string,
  locale: Locale = 'en',
): MailMessage {
  const { subject, body } = mails[locale].alreadyRegistered;
  return message(to, locale, subject, body(signInLink, resetLink));
}

export function passwordResetMail(
  to: string,
  displayName: string,
  link: string,
  locale: Locale = 'en',
): MailMessage {
  const { subject, body } = mails[locale].reset;
  return message(to, locale, subject, body(displayName, link));
}
