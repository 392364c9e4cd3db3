import type { Membership } from '@questa/contracts';
import { Button } from '../../../components/ui/button';
import { WarningIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useKeepWorkspace } from '../api/keep-workspace';
import './deletion-banner.css';

/**
 * Shown on every page to each member of a workspace scheduled for deletion, with the date; its
 * owners keep it from here with one click (nothing is lost, so nothing to confirm).
 */
export function DeletionBanner({ membership }: { membership: Membership }) {
  const { t, locale } = useI18n();
  const keep = useKeepWorkspace();
  if (!membership.deletionDueAt) {
    // The word after keeping it, until the next page.
    if (keep.status !== 'success') return null;
    return (
      <p role="status" className="deletion-banner deletion-banner__inner">
        {t('workspaces.deletion.kept', { name: membership.clientName })}
      </p>
    );
  }
  return (
    <aside
      className="deletion-banner"
      aria-label={t('workspaces.deletion.bannerLabel', { name: membership.clientName })}
    >
      <div className="deletion-banner__inner">
        <WarningIcon />
        <p>
          {t('workspaces.deletion.banner', {
            name: membership.clientName,
            date: formatDate(membership.deletionDueAt, locale),
          })}
        </p>
        {membership.role === 'owner' && (
          <Button
            variant="secondary"
            disabled={keep.status === 'pending'}
            onClick={() => void keep.mutate(membership.clientId)}
          >
            {t('workspaces.deletion.keep')}
          </Button>
        )}
        {keep.status === 'error' && (
          <ProblemAlert title={t('workspaces.deletion.keepFailed')} error={keep.error} />
        )}
      </div>
    </aside>
  );
}

/** A banner for each of the person's workspaces that awaits deletion. */
export function DeletionBanners({ memberships }: { memberships: readonly Membership[] }) {
  return memberships.map((membership) => (
    <DeletionBanner key={membership.clientId} membership={membership} />
  ));
}
