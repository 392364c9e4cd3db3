import type { SessionUser } from '@questa/contracts';
import { subscriptionStatuses } from '@questa/contracts/rules';
import { useSearchParams } from 'react-router';
import { Tabs, type Tab } from '../../../components/ui/tabs';
import { useT } from '../../../lib/i18n';
import type { SubscriberFilter } from '../api/list-subscribers';
import { AuditPanel } from './audit-panel';
import { LearnerBillingView } from './learner-billing';
import { PlansPanel } from './plans-panel';
import { PromotionCodesPanel } from './promotion-codes-panel';
import { RevenuePanel } from './revenue-panel';
import { SubscribersPanel } from './subscribers-panel';
import { TenantsPanel } from './tenants-panel';
import { UsersPanel } from './users-panel';
import './admin.css';
import './billing.css';

const tabIds = [
  'users',
  'tenants',
  'plans',
  'promotion-codes',
  'subscribers',
  'revenue',
  'audit',
] as const;
type TabId = (typeof tabIds)[number];
const isTabId = (value: string | null): value is TabId => tabIds.some((id) => id === value);

/** The subscriber list's search and state, as the address holds them. */
function filterIn(params: URLSearchParams): SubscriberFilter {
  const status = subscriptionStatuses.find((value) => value === params.get('status'));
  return { q: params.get('q') || undefined, status };
}

/** The address of a tab with the subscriber search and the learner shown, where set. */
function addressOf(tab: TabId, state: SubscriberFilter & { user?: string } = {}) {
  const params = new URLSearchParams({ tab });
  for (const [key, value] of Object.entries(state)) if (value) params.set(key, String(value));
  return params;
}

/**
 * Users, tenants, billing (plans, promotion codes, subscribers, revenue) and the audit log, one
 * tab each. The open tab, tenant, subscriber search and learner live in the address, so a reload
 * or a shared link shows the same view.
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
    { id: 'plans', label: t('admin.tab.plans') },
    { id: 'promotion-codes', label: t('admin.tab.promotionCodes') },
    { id: 'subscribers', label: t('admin.tab.subscribers') },
    { id: 'revenue', label: t('admin.tab.revenue') },
    { id: 'audit', label: t('admin.tab.audit') },
  ];
  const filter = filterIn(params);
  const learner = params.get('user');

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
      {tab === 'plans' && <PlansPanel />}
      {tab === 'promotion-codes' && <PromotionCodesPanel />}
      {tab === 'subscribers' &&
        (learner ? (
          <LearnerBillingView
            key={learner}
            userId={learner}
            backHref={`?${addressOf(tab, filter)}`}
          />
        ) : (
          <SubscribersPanel
            filter={filter}
            onFilter={(next) => setParams(addressOf(tab, next), { replace: true })}
            historyHref={(userId) => `?${addressOf(tab, { ...filter, user: userId })}`}
          />
        ))}
      {tab === 'revenue' && <RevenuePanel />}
      {tab === 'audit' && <AuditPanel />}
    </Tabs>
  );
}
