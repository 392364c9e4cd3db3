import type { AdminUser, SessionUser } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useGrantAdminRole } from '../api/grant-admin-role';
import { useUserSearch } from '../api/list-users';
import { useRevokeAdminRole } from '../api/revoke-admin-role';
import { useSetAccommodations } from '../api/set-accommodations';
import { useSetPremium } from '../api/set-premium';
import { DeleteAccountNowDialog } from './delete-account-now-dialog';
import { ExtraTimeControl } from './extra-time-control';
import { LoadingRows } from './loading-rows';
import { PremiumDialog } from './premium-dialog';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';

/**
 * Users searched by part of an email or name, a page at a time, each with their role, premium and
 * extra exam time. Granting or revoking admin asks first, and every change says it was saved.
 */
export function UsersPanel({
  currentUser,
  onAccessChange,
}: {
  currentUser: SessionUser;
  onAccessChange: () => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const { first, pages, hasMore, loadMore, more } = useUserSearch(query);
  const users = pages.flatMap((page) => page.users);
  const notice = useSavedNotice();
  const grant = useGrantAdminRole();
  const revoke = useRevokeAdminRole();
  const premium = useSetPremium();
  const accommodations = useSetAccommodations();
  const [revoking, setRevoking] = useState<AdminUser>();
  const [promoting, setPromoting] = useState<AdminUser>();
  const [granting, setGranting] = useState<AdminUser>();
  const [revokingPremium, setRevokingPremium] = useState<AdminUser>();
  const [deleting, setDeleting] = useState<AdminUser>();
  // When the page opened is close enough to tell a grant that ended from one that runs.
  const [openedAt] = useState(() => Date.now());
  const busy = grant.status === 'pending' || revoke.status === 'pending';

  const closeDialog = () => {
    setRevoking(undefined);
    revoke.reset();
  };
  const closeGrant = () => {
    setPromoting(undefined);
    grant.reset();
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

  const grantStatus = (until: string | null) => {
    if (until === null) return t('admin.premium.untilRevokedStatus');
    const date = formatDate(until, locale);
    return new Date(until).getTime() < openedAt
      ? t('admin.premium.ended', { date })
      : t('admin.premium.until', { date });
  };

  // Premium comes from a subscription (a trial, a paying one, one whose payment is late) or a grant.
  const subscriptionStatus = ({ subscription }: AdminUser) => {
    if (!subscription || !['trialing', 'active', 'past_due'].includes(subscription.status)) {
      return null;
    }
    const plan = subscription.plan?.name ?? t('admin.premium.subscription.unknownPlan');
    const date = subscription.currentPeriodEnd && formatDate(subscription.currentPeriodEnd, locale);
    if (subscription.status === 'past_due')
      return t('admin.premium.subscription.pastDue', { plan });
    if (!date) return t('admin.premium.subscription.paying', { plan });
    if (subscription.status === 'trialing') {
      return t('admin.premium.subscription.trial', { plan, date });
    }
    return subscription.cancelAtPeriodEnd
      ? t('admin.premium.subscription.ending', { plan, date })
      : t('admin.premium.subscription.renews', { plan, date });
  };

  const premiumStatus = (user: AdminUser) => {
    const paid = subscriptionStatus(user);
    const granted = user.premiumGrant && grantStatus(user.premiumGrant.until ?? null);
    if (!paid && !granted) {
      return <span className="admin-secondary">{t('admin.premium.none')}</span>;
    }
    return (
      <span className="admin-premium__sources">
        {paid && <span>{paid}</span>}
        {granted && (
          <span>{paid ? t('admin.premium.grantedToo', { status: granted }) : granted}</span>
        )}
      </span>
    );
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(q.trim());
  };

  const results = () => {
    if (first.status === 'pending') return <LoadingRows label={t('admin.users.loading')} />;
    if (first.status === 'error') {
      return (
        <ProblemAlert
          title={t('admin.users.loadFailed')}
          error={first.error}
          onRetry={first.retry}
        />
      );
    }
    if (users.length === 0) {
      return <EmptyState title={query ? t('admin.users.noneMatch') : t('admin.users.empty')} />;
    }
    return (
      <>
        <p className="admin-secondary" role="status">
          {hasMore
            ? t('admin.users.shownMore', { count: users.length })
            : t('admin.users.shown', { count: users.length })}
        </p>
        {table()}
        <LoadMore
          hasMore={hasMore}
          state={more}
          label={t('admin.users.loadMore')}
          errorTitle={t('admin.users.loadMoreFailed')}
          onLoadMore={() => void loadMore()}
        />
      </>
    );
  };

  const table = () => (
    <Table caption={t('admin.tab.users')} captionHidden stackOnNarrow className="admin-users">
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
        {users.map((user) => {
          const isAdmin = user.roles.includes('admin');
          return (
            <tr key={user.id}>
              <th scope="row">
                {user.displayName}
                {user.deletionDueAt && (
                  <>
                    {' '}
                    <Badge tone="danger">
                      {t('admin.users.deletionDue', {
                        date: formatDate(user.deletionDueAt, locale),
                      })}
                    </Badge>
                  </>
                )}
              </th>
              <td className="table__mono" data-label={t('admin.users.email')}>
                {user.email}
              </td>
              <td data-label={t('admin.users.roles')}>
                {isAdmin ? <Badge>{t('admin.users.admin')}</Badge> : t('admin.users.learner')}
              </td>
              <td data-label={t('admin.premium.title')}>
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
              <td data-label={t('admin.extraTime.title')}>
                <ExtraTimeControl
                  key={user.extraTimePercent}
                  user={user}
                  busy={accommodations.status === 'pending'}
                  onSave={async (percent) => {
                    const outcome = await accommodations.mutate(user.id, {
                      extraTimePercent: percent,
                    });
                    if (!outcome.ok) return;
                    notice.show(
                      t('admin.extraTime.saved', {
                        email: outcome.data.email,
                        percent: outcome.data.extraTimePercent,
                      }),
                    );
                  }}
                />
              </td>
              <td className="table__nowrap" data-label={t('admin.users.joined')}>
                {formatDate(user.createdAt, locale)}
              </td>
              <td className="table__nowrap admin-users__actions">
                <span className="admin-users__buttons">
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
                      onClick={() => {
                        grant.reset();
                        setPromoting(user);
                      }}
                    >
                      {t('admin.users.grant')}
                    </Button>
                  )}
                  {/* Their own account an admin deletes like anyone, from the account page. */}
                  {user.id !== currentUser.id && (
                    <Button
                      variant="danger"
                      className="button--small"
                      aria-label={t('admin.users.deleteNowFor', { email: user.email })}
                      onClick={() => setDeleting(user)}
                    >
                      {t('admin.users.deleteNow')}
                    </Button>
                  )}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );

  return (
    <div className="admin-section">
      <form
        className="billing-filter"
        role="search"
        onSubmit={search}
        aria-label={t('admin.users.search')}
      >
        <div className="admin-field">
          <label htmlFor={`${id}-q`}>{t('admin.users.query')}</label>
          <input
            id={`${id}-q`}
            type="search"
            className="input"
            value={q}
            maxLength={200}
            placeholder={t('admin.users.queryPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Button type="submit">{t('admin.users.searchButton')}</Button>
      </form>
      <SavedNotice notice={notice} />
      {accommodations.status === 'error' && (
        <ProblemAlert title={t('admin.extraTime.failed')} error={accommodations.error} />
      )}
      {results()}
      <ConfirmDialog
        open={promoting !== undefined}
        title={t('admin.users.confirmGrant', { name: promoting?.displayName ?? '' })}
        confirmLabel={t('admin.users.grant')}
        busy={grant.status === 'pending'}
        error={grant.error}
        onCancel={closeGrant}
        onConfirm={async () => {
          if (!promoting) return;
          const outcome = await grant.mutate(promoting.id);
          if (!outcome.ok) return;
          closeGrant();
          notice.show(t('admin.users.granted', { email: promoting.email }));
          if (promoting.id === currentUser.id) onAccessChange();
        }}
      >
        <p>{t('admin.users.confirmGrantBody', { name: promoting?.displayName ?? '' })}</p>
      </ConfirmDialog>
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
          notice.show(t('admin.users.revoked', { email: revoking.email }));
          if (revoking.id === currentUser.id) onAccessChange();
        }}
      >
        <p>
          {revoking?.id === currentUser.id
            ? t('admin.users.confirmRevokeSelf')
            : t('admin.users.confirmRevokeBody', { name: revoking?.displayName ?? '' })}
        </p>
      </ConfirmDialog>
      <DeleteAccountNowDialog
        user={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={(user) => notice.show(t('admin.users.deletedNow', { email: user.email }))}
      />
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
          notice.show(t('admin.premium.saved', { email: granting.email }));
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
          notice.show(t('admin.premium.revokedNotice', { email: revokingPremium.email }));
          afterPremiumChange(revokingPremium);
        }}
      >
        <p>{t('admin.premium.confirmRevokeBody', { name: revokingPremium?.displayName ?? '' })}</p>
      </ConfirmDialog>
    </div>
  );
}
