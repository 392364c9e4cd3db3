import type { AdminUser, SessionUser } from '@questa/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
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
import { useSetAccommodations } from '../api/set-accommodations';
import { useSetPremium } from '../api/set-premium';
import { ExtraTimeControl } from './extra-time-control';
import { LoadingRows } from './loading-rows';
import { PremiumDialog } from './premium-dialog';

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
  const premium = useSetPremium();
  const accommodations = useSetAccommodations();
  const [revoking, setRevoking] = useState<AdminUser>();
  const [granting, setGranting] = useState<AdminUser>();
  const [revokingPremium, setRevokingPremium] = useState<AdminUser>();
  // When the page opened is close enough to tell a grant that ended from one that runs.
  const [openedAt] = useState(() => Date.now());
  const busy = grant.status === 'pending' || revoke.status === 'pending';

  const closeDialog = () => {
    setRevoking(undefined);
    revoke.reset();
  };
  const closePremium = () => {
    setGranting(undefined);
    setRevokingPremium(undefined);
    premium.reset();
  };
  // The user's own session learns of its new entitlements when the session is read again.
  const afterPremiumChange = (user: AdminUser) => {
    if (user.id === currentUser.id) onAccessChange();
  };

  const premiumStatus = (user: AdminUser) => {
    const until = user.premiumGrant?.until;
    if (!user.premiumGrant)
      return <span className="admin-secondary">{t('admin.premium.none')}</span>;
    if (until === null || until === undefined) return t('admin.premium.untilRevokedStatus');
    const date = formatDate(until, locale);
    return new Date(until).getTime() < openedAt
      ? t('admin.premium.ended', { date })
      : t('admin.premium.until', { date });
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
      {accommodations.status === 'error' && (
        <ProblemAlert title={t('admin.extraTime.failed')} error={accommodations.error} />
      )}
      {accommodations.status === 'success' && (
        <p role="status" className="admin-form__done">
          {t('admin.extraTime.saved', {
            email: accommodations.data.email,
            percent: accommodations.data.extraTimePercent,
          })}
        </p>
      )}
      <Table caption={t('admin.tab.users')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('admin.users.name')}</th>
            <th scope="col">{t('admin.users.email')}</th>
            <th scope="col">{t('admin.users.roles')}</th>
            <th scope="col">{t('admin.premium.title')}</th>
            <th scope="col">{t('admin.extraTime.title')}</th>
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
                <td>
                  <div className="admin-premium">
                    <span>{premiumStatus(user)}</span>
                    <span className="admin-premium__actions">
                      <Button
                        variant="secondary"
                        className="button--small"
                        aria-label={
                          user.premiumGrant
                            ? t('admin.premium.changeFor', { email: user.email })
                            : t('admin.premium.grantFor', { email: user.email })
                        }
                        disabled={premium.status === 'pending'}
                        onClick={() => {
                          premium.reset();
                          setGranting(user);
                        }}
                      >
                        {user.premiumGrant ? t('admin.premium.change') : t('admin.premium.grant')}
                      </Button>
                      {user.premiumGrant && (
                        <Button
                          variant="secondary"
                          className="button--small"
                          aria-label={t('admin.premium.revokeFor', { email: user.email })}
                          disabled={premium.status === 'pending'}
                          onClick={() => {
                            premium.reset();
                            setRevokingPremium(user);
                          }}
                        >
                          {t('admin.premium.revoke')}
                        </Button>
                      )}
                      <Link
                        to={`?tab=subscribers&user=${encodeURIComponent(user.id)}`}
                        className="billing-link admin-premium__history"
                        aria-label={t('admin.subscribers.historyOf', { name: user.displayName })}
                      >
                        {t('admin.subscribers.history')}
                      </Link>
                    </span>
                  </div>
                </td>
                <td>
                  <ExtraTimeControl
                    key={user.extraTimePercent}
                    user={user}
                    busy={accommodations.status === 'pending'}
                    onSave={(percent) =>
                      void accommodations.mutate(user.id, { extraTimePercent: percent })
                    }
                  />
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
      <PremiumDialog
        user={granting}
        busy={premium.status === 'pending'}
        error={granting ? premium.error : undefined}
        onCancel={closePremium}
        onGrant={async (until) => {
          if (!granting) return;
          const outcome = await premium.mutate(granting.id, { premium: true, until });
          if (!outcome.ok) return;
          closePremium();
          afterPremiumChange(granting);
        }}
      />
      <ConfirmDialog
        open={revokingPremium !== undefined}
        title={t('admin.premium.confirmRevoke', { name: revokingPremium?.displayName ?? '' })}
        confirmLabel={t('admin.premium.revoke')}
        busy={premium.status === 'pending'}
        error={revokingPremium ? premium.error : undefined}
        onCancel={closePremium}
        onConfirm={async () => {
          if (!revokingPremium) return;
          const outcome = await premium.mutate(revokingPremium.id, {
            premium: false,
            until: null,
          });
          if (!outcome.ok) return;
          closePremium();
          afterPremiumChange(revokingPremium);
        }}
      >
        <p>{t('admin.premium.confirmRevokeBody', { name: revokingPremium?.displayName ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
