import type { SessionUser } from '@questa/contracts';
import { useSearchParams } from 'react-router';
import { Tabs, type Tab } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import { AuditPanel } from './audit-panel';
import { TenantsPanel } from './tenants-panel';
import { UsersPanel } from './users-panel';
import './admin.css';

const tabIds = ['users', 'tenants', 'audit'] as const;
type TabId = (typeof tabIds)[number];
const isTabId = (value: string | null): value is TabId => tabIds.some((id) => id === value);

/**
 * Users, tenants and the audit log, one tab each. The open tab and tenant live in the address, so
 * a reload or a shared link shows the same view.
 */
export function AdminPage({
  currentUser,
  onAccessChange,
}: {
  currentUser: SessionUser;
  /** Called after a change that may alter the signed-in admin's own roles or memberships. */
  onAccessChange: () => void;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTabId(requested) ? requested : 'users';

  const tabs: Tab<TabId>[] = [
    { id: 'users', label: t('admin.tab.users') },
    { id: 'tenants', label: t('admin.tab.tenants') },
    { id: 'audit', label: t('admin.tab.audit') },
  ];

  return (
    <Tabs
      label={t('admin.sections')}
      tabs={tabs}
      selected={tab}
      onSelect={(id) => setParams({ tab: id }, { replace: true })}
    >
      {tab === 'users' && <UsersPanel currentUser={currentUser} onAccessChange={onAccessChange} />}
      {tab === 'tenants' && (
        <TenantsPanel
          selectedId={params.get('tenant') ?? undefined}
          onSelect={(tenantId) => setParams({ tab, tenant: tenantId }, { replace: true })}
          currentUser={currentUser}
          onAccessChange={onAccessChange}
        />
      )}
      {tab === 'audit' && <AuditPanel />}
    </Tabs>
  );
}
