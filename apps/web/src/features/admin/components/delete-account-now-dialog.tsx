import type { AdminUser } from '@questa/contracts';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@questa/contracts/rules';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TypedEmailField } from '../../../components/ui/typed-email-field';
import { useT } from '../../../lib/i18n';
import { useDeleteAccountNow } from '../api/delete-account-now';

/**
 * Deleting someone's account at once, for a legal request. The dialog names the account and the
 * admin types its email address, which the server checks too: in a long list of people, the one
 * deleted must be the one meant.
 */
export function DeleteAccountNowDialog({
  user,
  onClose,
  onDeleted,
}: {
  user: AdminUser | undefined;
  onClose: () => void;
  onDeleted: (user: AdminUser) => void;
}) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const deletion = useDeleteAccountNow();

  const close = () => {
    setTyped('');
    setMismatch(false);
    deletion.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={user !== undefined}
      title={t('admin.users.confirmDeleteNow', { email: user?.email ?? '' })}
      confirmLabel={t('admin.users.deleteNowConfirm')}
      busy={deletion.status === 'pending'}
      error={deletion.error}
      onCancel={close}
      onConfirm={async () => {
        if (!user) return;
        if (typed.trim().toLowerCase() !== user.email.toLowerCase()) {
          setMismatch(true);
          return;
        }
        const outcome = await deletion.mutate(user.id, { confirm: typed });
        if (!outcome.ok) return;
        close();
        onDeleted(user);
      }}
    >
      <p>
        {t('admin.users.deleteNowBody', {
          name: user?.displayName ?? '',
          days: ACCOUNT_DELETION_GRACE_DAYS,
        })}
      </p>
      <TypedEmailField
        label={t('admin.users.deleteNowTypeEmail', { email: user?.email ?? '' })}
        mismatch={mismatch ? t('admin.users.deleteNowMismatch') : undefined}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          setMismatch(false);
        }}
      />
    </ConfirmDialog>
  );
}
