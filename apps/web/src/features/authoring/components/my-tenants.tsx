import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n';
import type { TenantAccess } from '../tenant-access';
import { TenantBanks } from './tenant-banks';
import './authoring.css';

/** Each tenant the user belongs to, with its banks and what the user may do there. */
export function MyTenants({ tenants }: { tenants: readonly TenantAccess[] }) {
  const t = useT();
  if (tenants.length === 0) {
    return (
      <EmptyState title={t('author.emptyTitle')}>
        <p>{t('author.emptyBody')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="authoring-stack">
      {[...tenants]
        .sort((a, b) => a.membership.clientName.localeCompare(b.membership.clientName))
        .map((access) => (
          <TenantBanks key={access.membership.clientId} access={access} />
        ))}
    </div>
  );
}
