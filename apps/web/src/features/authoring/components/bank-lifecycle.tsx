import type { Bank } from '@questa/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { useArchiveBank } from '../api/archive-bank';
import { useDeleteBank } from '../api/delete-bank';
import { authorPaths } from '../paths';

type Asking = 'archive' | 'delete' | undefined;

/**
 * Archive, restore and delete, each saying first what becomes of the bank's questions. Restoring
 * loses nothing, so it does not ask.
 */
export function BankLifecycle({ bank, onDone }: { bank: Bank; onDone: (message: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const archive = useArchiveBank();
  const remove = useDeleteBank();
  const [asking, setAsking] = useState<Asking>();
  const count = bank.questionCount;
  const close = () => {
    setAsking(undefined);
    archive.reset();
    remove.reset();
  };

  const setArchived = async (archived: boolean) => {
    const outcome = await archive.mutate(bank.clientId, bank.id, archived);
    if (!outcome.ok) return;
    close();
    onDone(t(archived ? 'bankLifecycle.archived' : 'bankLifecycle.restored'));
  };

  return (
    <>
      {bank.archivedAt ? (
        <Button
          variant="secondary"
          disabled={archive.status === 'pending'}
          onClick={() => void setArchived(false)}
        >
          {t('bankLifecycle.restore')}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => setAsking('archive')}>
          {t('bankLifecycle.archive')}
        </Button>
      )}
      <Button variant="danger" onClick={() => setAsking('delete')}>
        {t('bankLifecycle.delete')}
      </Button>
      {asking === undefined && archive.status === 'error' && (
        <p role="alert">{t('bankLifecycle.restoreFailed')}</p>
      )}

      <ConfirmDialog
        open={asking === 'archive'}
        title={t('bankLifecycle.archiveTitle', { title: bank.title })}
        confirmLabel={t('bankLifecycle.archive')}
        busy={archive.status === 'pending'}
        error={archive.error}
        onCancel={close}
        onConfirm={() => void setArchived(true)}
      >
        <p>{t('bankLifecycle.archiveBody', { count })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title={t('bankLifecycle.deleteTitle', { title: bank.title })}
        confirmLabel={t('bankLifecycle.delete')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={close}
        onConfirm={async () => {
          const outcome = await remove.mutate(bank.clientId, bank.id);
          if (outcome.ok) navigate(authorPaths.home());
        }}
      >
        <p>{t('bankLifecycle.deleteBody', { count })}</p>
        <p>{t('bankLifecycle.deleteRule')}</p>
      </ConfirmDialog>
    </>
  );
}
