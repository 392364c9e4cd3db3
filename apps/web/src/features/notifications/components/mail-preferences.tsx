import type { MailPreferences as Preferences } from '@questa/contracts';
import { NOTIFICATION_KINDS } from '@questa/contracts/rules';
import { useId } from 'react';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useChooseMail, useMailPreferences } from '../api/mail-preferences';
import './notifications.css';

/**
 * Which notifications also come by mail, one switch per kind, saved as soon as it changes. Notices
 * in the app come either way.
 */
export function MailPreferences() {
  const t = useT();
  const headingId = useId();
  const preferences = useMailPreferences();
  const choose = useChooseMail();

  return (
    <section id="mail" className="panel mail-preferences" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('notifications.mail.title')}</h2>
      <p>{t('notifications.mail.intro')}</p>
      {preferences.status === 'pending' ? (
        <Skeleton height="2rem" />
      ) : preferences.status === 'error' ? (
        <ProblemAlert
          title={t('notifications.mail.loadFailed')}
          error={preferences.error}
          onRetry={preferences.retry}
        />
      ) : (
        <ul className="mail-preferences__list">
          {NOTIFICATION_KINDS.map((kind) => (
            <li key={kind}>
              <label>
                <input
                  type="checkbox"
                  checked={preferences.data.mail[kind]}
                  disabled={choose.status === 'pending'}
                  onChange={(event) =>
                    void choose.mutate({ [kind]: event.target.checked } as Partial<
                      Preferences['mail']
                    >)
                  }
                />
                {t(`notifications.mail.kind.${kind}`)}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mail-preferences__status">
        {choose.status === 'success' && t('notifications.mail.saved')}
      </p>
      {choose.status === 'error' && (
        <ProblemAlert title={t('notifications.mail.saveFailed')} error={choose.error} />
      )}
    </section>
  );
}
