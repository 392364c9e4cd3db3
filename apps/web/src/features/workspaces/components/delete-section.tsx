import type { Membership } from '@questa/contracts';
import { WORKSPACE_DELETION_GRACE_DAYS } from '@questa/contracts/rules';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useScheduleDeletion } from '../api/schedule-deletion';

const sameText = (typed: string, name: string) =>
  typed.trim().toLowerCase() === name.trim().toLowerCase();

/**
 * The danger zone, for owners: deleting the workspace after reading what goes and when, and
 * typing its name or address; the server checks the same. The deletion waits its grace, during
 * which the banner offers to keep the workspace.
 */
export function DeleteSection({ membership }: { membership: Membership }) {
  const { t, locale } = useI18n();
  const schedule = useScheduleDeletion();
  const notice = useSavedNotice();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const { clientName: name, clientSlug: slug } = membership;

  const close = () => {
    setOpen(false);
    setTyped('');
    setMismatch(false);
    schedule.reset();
  };

  const confirm = async () => {
    if (!sameText(typed, name) && !sameText(typed, slug)) {
      setMismatch(true);
      return;
    }
    const outcome = await schedule.mutate(membership.clientId, typed);
    if (!outcome.ok) return;
    close();
    notice.show(
      t('workspaces.deletion.scheduled', {
        name,
        date: formatDate(outcome.data.deletionDueAt ?? new Date().toISOString(), locale),
      }),
    );
  };

  return (
    <div className="workspace-section">
      <p>{t('workspaces.deletion.intro', { days: WORKSPACE_DELETION_GRACE_DAYS })}</p>
      {membership.deletionDueAt ? (
        <p>
          {t('workspaces.deletion.alreadyScheduled', {
            date: formatDate(membership.deletionDueAt, locale),
          })}
        </p>
      ) : (
        <div className="workspace-actions">
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t('workspaces.deletion.button')}
          </Button>
        </div>
      )}
      <SavedNotice notice={notice} />
      <ConfirmDialog
        open={open}
        title={t('workspaces.deletion.title', { name })}
        confirmLabel={t('workspaces.deletion.confirm')}
        busy={schedule.status === 'pending'}
        error={schedule.error}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        <div className="workspace-deletion">
          <p>{t('workspaces.deletion.when', { days: WORKSPACE_DELETION_GRACE_DAYS })}</p>
          <p>{t('workspaces.deletion.removes')}</p>
          <p>{t('workspaces.deletion.meanwhile')}</p>
          <p>{t('workspaces.deletion.plan')}</p>
          <Field
            label={t('workspaces.deletion.typeName', { name, slug })}
            error={mismatch ? t('workspaces.deletion.mismatch') : undefined}
          >
            {(control) => (
              <input
                {...control}
                className="input"
                autoComplete="off"
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setMismatch(false);
                }}
              />
            )}
          </Field>
        </div>
      </ConfirmDialog>
    </div>
  );
}
