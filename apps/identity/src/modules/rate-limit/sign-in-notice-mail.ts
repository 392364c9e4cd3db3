import type { MailMessage } from '@questa/mail';
import type { Locale } from '../../pages/messages';

/**
 * The mail an account's owner gets when failed sign-ins start to slow their account down. It
 * tells them what happened and what to do; it never says the account is locked, because it is not.
 */
const words: Record<Locale, { subject: string; body: (name: string, reset: string) => string[] }> =
  {
    en: {
      subject: 'Failed sign-ins to your Questa account',
      body: (name, reset) => [
        `Hello ${name},`,
        '',
        'Someone has tried several times to sign in to your Questa account with a wrong password.',
        'For your safety, further attempts from other devices now have to wait a little longer each',
        'time. You can still sign in as usual from a browser you have used for Questa before.',
        '',
        'If this was you, there is nothing to do. If it was not, choose a new password here:',
        reset,
        '',
        '— Questa',
      ],
    },
    de: {
      subject: 'Fehlgeschlagene Anmeldungen bei Ihrem Questa-Konto',
      body: (name, reset) => [
        `Hallo ${name},`,
        '',
        'jemand hat mehrmals versucht, sich mit einem falschen Passwort bei Ihrem Questa-Konto anzumelden.',
        'Zu Ihrer Sicherheit müssen weitere Versuche von anderen Geräten jetzt jedes Mal etwas länger',
        'warten. In einem Browser, mit dem Sie Questa schon genutzt haben, melden Sie sich wie gewohnt an.',
        '',
        'Wenn Sie das waren, ist nichts zu tun. Wenn nicht, wählen Sie hier ein neues Passwort:',
        reset,
        '',
        '— Questa',
      ],
    },
  };

export function signInNoticeMail(
  to: string,
  displayName: string,
  resetLink: string,
  locale: Locale,
): MailMessage {
  const { subject, body } = words[locale];
  return { to, subject, text: body(displayName, resetLink).join('\n') };
}
