import type { AdminUser, SessionUser } from '@questa/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useGrantAdminRole } from '../api/grant-admin-role';
import { useUsers } from '../api/list-users';
import { useRevokeAdminRole } from '../api/revoke-admin-role';
import { LoadingRows } from './loading-rows';

export function UsersPanel({
  currentUser,
  onAccessChange,
}: {
  currentUser: SessionUser;
  onAccessChange: () => void;
}) {
  const { t, locale } = useI18n();
  const users = useUsers();
  const grant = useGrantAdminRole();
  const revoke = useRevokeAdminRole();
  const [revoking, setRevoking] = useState<AdminUser>();
  const busy = grant.status === 'pending' || revoke.status === 'pending';

  const closeDialog = () => {
    setRevoking(undefined);
    revoke.reset();
  };

  if (users.status === 'pending') return <LoadingRows label={t('admin.users.loading')} />;
  if (users.status === 'error') {
    return (
      <ProblemAlert title={t('admin.users.loadFailed')} error={users.error} onRetry={users.retry} />
    );
  }
  if (users.data.length === 0) return <EmptyState title={t('admin.users.empty')} />;

  return (
    <>
      {grant.status === 'error' && (
        <ProblemAlert title={t('admin.users.changeFailed')} error={grant.error} />
      )}
      <Table caption={t('admin.tab.users')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('admin.users.name')}</th>
            <th scope="col">{t('admin.users.email')}</th>
            <th scope="col">{t('admin.users.roles')}</th>
            <th scope="col">{t('admin.users.joined')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user) => {
            const isAdmin = user.roles.includes('admin');
            return (
              <tr key={user.id}>
                <th scope="row">{user.displayName}</th>
                <td className="table__mono">{user.email}</td>
                <td>
                  {isAdmin ? <Badge>{t('admin.users.admin')}</Badge> : t('admin.users.learner')}
                </td>
                <td className="table__nowrap">{formatDate(user.createdAt, locale)}</td>
                <td className="table__nowrap">
                  {isAdmin ? (
                    <Button
                      variant="secondary"
                      className="button--small"
                      aria-label={t('admin.users.revokeFor', { email: user.email })}
                      disabled={busy}
                      onClick={() => setRevoking(user)}
                    >
                      {t('admin.users.revoke')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      className="button--small"
                      aria-label={t('admin.users.grantFor', { email: user.email })}
                      disabled={busy}
                      onClick={async () => {
                        const outcome = await grant.mutate(user.id);
                        if (outcome.ok && user.id === currentUser.id) onAccessChange();
                      }}
                    >
                      {t('admin.users.grant')}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('admin.users.confirmRevoke', { name: revoking?.displayName ?? '' })}
        confirmLabel={t('admin.users.revoke')}
        busy={revoke.status === 'pending'}
        error={revoke.error}
        onCancel={closeDialog}
        onConfirm={async () => {
          if (!revoking) return;
          const outcome = await revoke.mutate(revoking.id);
          if (!outcome.ok) return;
          closeDialog();
          if (revoking.id === currentUser.id) onAccessChange();
        }}
      >
        <p>
          {revoking?.id === currentUser.id
            ? t('admin.users.confirmRevokeSelf')
            : t('admin.users.confirmRevokeBody', { name: revoking?.displayName ?? '' })}
        </p>
      </ConfirmDialog>
    </>
  );
}
