import type { AdminUser, Member, SessionUser, Tenant, TenantRole } from '@questa/contracts';
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
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';

/**
 * A tenant's members, each with a role to change and a way to remove them, and a form to add. A
 * role change and a removal ask first, naming what changes, and say when they are saved.
 */
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
  // The select keeps showing the saved role until the change is confirmed and saved.
  const [changing, setChanging] = useState<{ member: Member; role: TenantRole }>();
  const notice = useSavedNotice();

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
  const closeChange = () => {
    setChanging(undefined);
    setRole.reset();
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
      <SavedNotice notice={notice} />
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
                      onChange={(event) => {
                        const role = event.target.value;
                        if (!isTenantRole(role) || role === member.role) return;
                        setRole.reset();
                        setChanging({ member, role });
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
          notice.show(
            t('admin.members.removed', { member: nameOf(removing), tenant: tenant.name }),
          );
          afterChange(removing);
        }}
      >
        <p>{t('admin.members.confirmRemoveBody')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={changing !== undefined}
        title={t('admin.members.confirmRole', {
          member: changing ? nameOf(changing.member) : '',
          tenant: tenant.name,
        })}
        confirmLabel={t('admin.members.confirmRoleButton')}
        busy={setRole.status === 'pending'}
        error={setRole.error}
        onCancel={closeChange}
        onConfirm={async () => {
          if (!changing) return;
          const { member, role } = changing;
          const outcome = await setRole.mutate(tenant.id, member.userId, role);
          if (!outcome.ok) return;
          closeChange();
          notice.show(
            t('admin.members.roleSaved', {
              member: nameOf(member),
              to: t(`tenantRole.${role}`),
              tenant: tenant.name,
            }),
          );
          afterChange(member);
        }}
      >
        {changing && (
          <p>
            {t('admin.members.confirmRoleBody', {
              member: nameOf(changing.member),
              from: t(`tenantRole.${changing.member.role}`),
              to: t(`tenantRole.${changing.role}`),
            })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
