import { ACCOUNT_DELETION_GRACE_DAYS } from '@questa/contracts/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TypedEmailField } from '../../../components/ui/typed-email-field';
import { useT } from '../../../lib/i18n';
import { useDeleteAccount } from '../api/delete-account';
import './account.css';

/**
 * Asking for the account's deletion, after the learner has read what goes, what stays and when,
 * and typed their email address: the server checks the same, so a forged or stray request cannot
 * ask. The deletion waits fourteen days, and signing in before then cancels it.
 */
export function DeleteAccount({ email }: { email: string }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const deletion = useDeleteAccount();
  const leaving = deletion.status === 'pending' || deletion.status === 'success';

  const close = () => {
    setConfirming(false);
    setTyped('');
    setMismatch(false);
    deletion.reset();
  };

  return (
    <section className="account-section" aria-labelledby="account-delete">
      <h2 id="account-delete">{t('account.delete')}</h2>
      <p className="account-section__note">
        {t('account.deleteIntro', { days: ACCOUNT_DELETION_GRACE_DAYS })}
      </p>
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('account.delete')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('account.confirmDelete', { days: ACCOUNT_DELETION_GRACE_DAYS })}
        confirmLabel={t('account.deleteForGood')}
        busy={leaving}
        error={deletion.error}
        onCancel={close}
        onConfirm={() => {
          if (typed.trim().toLowerCase() !== email.toLowerCase()) {
            setMismatch(true);
            return;
          }
          void deletion.deleteAccount(typed);
        }}
      >
        <div className="account-delete">
          <p>{t('account.deleteWhen')}</p>
          <p>{t('account.deleteRemoves')}</p>
          <p>{t('account.deleteKeeps')}</p>
          <p>{t('account.deleteSubscription')}</p>
          <TypedEmailField
            label={t('account.deleteTypeEmail', { email })}
            mismatch={mismatch ? t('account.deleteEmailMismatch') : undefined}
            value={typed}
            onChange={(value) => {
              setTyped(value);
              setMismatch(false);
            }}
          />
        </div>
      </ConfirmDialog>
    </section>
  );
}
