import type { AdminUser, Member, SessionUser, Tenant } from '@questa/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useUsers } from '../api/list-users';
import { useMembers } from '../api/list-members';
import { useRemoveMember } from '../api/remove-member';
import { useSetMemberRole } from '../api/set-member-role';
import { isTenantRole, tenantRoleOptions } from '../tenant-roles';
import { AddMemberForm } from './add-member-form';
import { LoadingRows } from './loading-rows';

/** A tenant's members, each with a role to change and a way to remove them, and a form to add. */
export function TenantMembers({
  tenant,
  currentUser,
  onAccessChange,
}: {
  tenant: Tenant;
  currentUser: SessionUser;
  onAccessChange: () => void;
}) {
  const { t, locale } = useI18n();
  const members = useMembers(tenant.id);
  const users = useUsers();
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Member>();

  // Members are known by the identity provider's subject; the users list turns that into a person.
  const userBySub = new Map<string, AdminUser>(users.data?.map((user) => [user.sub, user]));
  const nameOf = (member: Member) => userBySub.get(member.userId)?.email ?? member.userId;
  const afterChange = (member: Member) => {
    if (member.userId === currentUser.sub) onAccessChange();
  };

  const closeDialog = () => {
    setRemoving(undefined);
    remove.reset();
  };

  return (
    <section className="admin-section">
      <h2>{t('admin.members.title', { tenant: tenant.name })}</h2>
      {members.status === 'pending' && <LoadingRows label={t('admin.members.loading')} rows={3} />}
      {members.status === 'error' && (
        <ProblemAlert
          title={t('admin.members.loadFailed')}
          error={members.error}
          onRetry={members.retry}
        />
      )}
      {setRole.status === 'error' && (
        <ProblemAlert title={t('admin.members.changeFailed')} error={setRole.error} />
      )}
      {members.status === 'success' && members.data.members.length === 0 && (
        <EmptyState title={t('admin.members.empty')} />
      )}
      {members.status === 'success' && members.data.members.length > 0 && (
        <Table caption={t('admin.members.title', { tenant: tenant.name })} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('admin.members.member')}</th>
              <th scope="col">{t('admin.members.role')}</th>
              <th scope="col">{t('admin.members.since')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((member) => {
              const user = userBySub.get(member.userId);
              return (
                <tr key={member.userId}>
                  <th scope="row">
                    {user ? (
                      <>
                        {user.displayName}
                        <span className="admin-secondary table__mono">{user.email}</span>
                      </>
                    ) : (
                      <span className="table__mono">{member.userId}</span>
                    )}
                  </th>
                  <td>
                    <select
                      aria-label={t('admin.members.roleOf', { member: nameOf(member) })}
                      value={member.role}
                      disabled={setRole.status === 'pending'}
                      onChange={async (event) => {
                        const role = event.target.value;
                        if (!isTenantRole(role)) return;
                        const outcome = await setRole.mutate(tenant.id, member.userId, role);
                        if (outcome.ok) afterChange(member);
                      }}
                    >
                      {tenantRoleOptions.map((role) => (
                        <option key={role} value={role}>
                          {t(`tenantRole.${role}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="table__nowrap">{formatDate(member.createdAt, locale)}</td>
                  <td className="table__nowrap">
                    <Button
                      variant="secondary"
                      className="button--small"
                      aria-label={t('admin.members.removeFor', { member: nameOf(member) })}
                      onClick={() => setRemoving(member)}
                    >
                      {t('admin.members.remove')}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      <AddMemberForm
        tenant={tenant}
        users={users}
        memberIds={new Set(members.data?.members.map((member) => member.userId))}
        onAdded={(userId) => {
          if (userId === currentUser.sub) onAccessChange();
        }}
      />
      <ConfirmDialog
        open={removing !== undefined}
        title={t('admin.members.confirmRemove', {
          member: removing ? nameOf(removing) : '',
          tenant: tenant.name,
        })}
        confirmLabel={t('admin.members.remove')}
        busy={remove.status === 'pending'}
        error={remove.error}
        onCancel={closeDialog}
        onConfirm={async () => {
          if (!removing) return;
          const outcome = await remove.mutate(tenant.id, removing.userId);
          if (!outcome.ok) return;
          closeDialog();
          afterChange(removing);
        }}
      >
        <p>{t('admin.members.confirmRemoveBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
