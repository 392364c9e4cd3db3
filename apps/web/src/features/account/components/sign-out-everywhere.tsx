import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import './account.css';

export function SignOutEverywhere() {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();
  const leaving = signOut.status === 'pending' || signOut.status === 'success';

  return (
    <section className="account-section" aria-labelledby="account-everywhere">
      <h2 id="account-everywhere">{t('account.signOutEverywhere')}</h2>
      <p className="account-section__note">{t('account.signOutEverywhereIntro')}</p>
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('account.signOutEverywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('account.confirmSignOutEverywhere')}
        confirmLabel={t('account.signOutEverywhere')}
        busy={leaving}
        error={signOut.error}
        onCancel={() => {
          setConfirming(false);
          signOut.reset();
        }}
        onConfirm={() => void signOut.signOutEverywhere()}
      >
        <p>{t('account.confirmSignOutEverywhereBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
