import type { AdminUser, Tenant, TenantRole } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import type { QueryResult } from '../../../lib/use-query';
import { useSetMemberRole } from '../api/set-member-role';
import { isTenantRole, tenantRoleOptions } from '../tenant-roles';

/**
 * Adds a user, picked by email, to the tenant with a role. A role gives power in the tenant, so the
 * form asks first, naming the person, the tenant and the role.
 */
export function AddMemberForm({
  tenant,
  users,
  memberIds,
  onAdded,
}: {
  tenant: Tenant;
  users: QueryResult<AdminUser[]>;
  /** Subjects already in the tenant; they are changed in the table, not added again. */
  memberIds: ReadonlySet<string>;
  onAdded: (userId: string) => void;
}) {
  const t = useT();
  const id = useId();
  const add = useSetMemberRole();
  const [userId, setUserId] = useState('');
  // The least access is the safe default; owners and authors are chosen on purpose.
  const [role, setRole] = useState<TenantRole>('viewer');
  const [confirming, setConfirming] = useState(false);
  const [added, setAdded] = useState<string>();

  const candidates = (users.data ?? [])
    .filter((user) => !memberIds.has(user.sub))
    .sort((a, b) => a.email.localeCompare(b.email));

  const emailOf = (sub: string) => users.data?.find((user) => user.sub === sub)?.email ?? sub;
  const words = () => ({
    member: emailOf(userId),
    tenant: tenant.name,
    role: t(`tenantRole.${role}`),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return;
    add.reset();
    setAdded(undefined);
    setConfirming(true);
  };

  const confirm = async () => {
    const outcome = await add.mutate(tenant.id, userId, role);
    setConfirming(false);
    if (!outcome.ok) return;
    setAdded(t('admin.members.addedNamed', words()));
    setUserId('');
    onAdded(userId);
  };

  return (
    <>
      <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('admin.members.add')}</h3>
        {users.status === 'error' && (
          <ProblemAlert
            title={t('admin.users.loadFailed')}
            error={users.error}
            onRetry={users.retry}
          />
        )}
        <div className="admin-form__fields">
          <div className="admin-field">
            <label htmlFor={`${id}-user`}>{t('admin.members.user')}</label>
            <select
              id={`${id}-user`}
              required
              value={userId}
              disabled={users.status !== 'success'}
              onChange={(event) => setUserId(event.target.value)}
            >
              <option value="">
                {users.status === 'pending'
                  ? t('admin.users.loading')
                  : candidates.length === 0
                    ? t('admin.members.noCandidates')
                    : t('admin.members.chooseUser')}
              </option>
              {candidates.map((user) => (
                <option key={user.sub} value={user.sub}>
                  {user.email}
                </option>
              ))}
            </select>
          </div>
          <div className="admin-field">
            <label htmlFor={`${id}-role`}>{t('admin.members.role')}</label>
            <select
              id={`${id}-role`}
              value={role}
              onChange={(event) => {
                if (isTenantRole(event.target.value)) setRole(event.target.value);
              }}
            >
              {tenantRoleOptions.map((option) => (
                <option key={option} value={option}>
                  {t(`tenantRole.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={add.status === 'pending'}>
            {t('admin.members.addButton')}
          </Button>
        </div>
        {add.status === 'error' && (
          <ProblemAlert title={t('admin.members.addFailed')} error={add.error} />
        )}
        <p role="status" className="admin-form__done">
          {added}
        </p>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('admin.members.confirmAdd', words())}
        confirmLabel={t('admin.members.addButton')}
        busy={add.status === 'pending'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <p>{t('admin.members.confirmAddBody', words())}</p>
      </ConfirmDialog>
    </>
  );
}
