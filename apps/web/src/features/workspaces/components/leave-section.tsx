import type { Membership } from '@questa/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { useLeaveWorkspace } from '../api/leave-workspace';

/** Leaving, after a confirmation; the last owner is told to hand ownership on first. */
export function LeaveSection({ membership }: { membership: Membership }) {
  const t = useT();
  const navigate = useNavigate();
  const leave = useLeaveWorkspace();
  const [open, setOpen] = useState(false);
  const lastOwner = leave.status === 'error' && leave.error.code === 'validation.failed';

  const confirm = async () => {
    const outcome = await leave.mutate(membership.clientId);
    if (outcome.ok) void navigate('/workspaces', { replace: true });
  };

  return (
    <div className="workspace-section">
      <p>{t('workspaces.leave.intro')}</p>
      <div className="workspace-actions">
        <Button
          variant="danger"
          onClick={() => {
            leave.reset();
            setOpen(true);
          }}
        >
          {t('workspaces.leave.button')}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t('workspaces.leave.title', { name: membership.clientName })}
        confirmLabel={t('workspaces.leave.confirm')}
        busy={leave.status === 'pending'}
        error={leave.status === 'error' && !lastOwner ? leave.error : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t('workspaces.leave.body')}</p>
        {lastOwner && (
          <p role="alert" className="field__error">
            {t('workspaces.leave.lastOwner')}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
