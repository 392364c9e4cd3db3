import type { SessionUser } from '@questa/contracts';
import { useId, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { useT } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTenants } from '../api/list-tenants';
import { LoadingRows } from './loading-rows';
import { TenantLimits } from './tenant-limits';
import { TenantMembers } from './tenant-members';
import { TenantDeletion } from './tenant-deletion';
import { TenantSuspension } from './tenant-suspension';

export function TenantsPanel({
  selectedId,
  onSelect,
  currentUser,
  onAccessChange,
}: {
  selectedId: string | undefined;
  onSelect: (tenantId: string) => void;
  currentUser: SessionUser;
  onAccessChange: () => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const tenants = useTenants(q);
  const selectId = useId();
  const searchId = useId();

  const searchField = (
    <div className="admin-field admin-field--inline">
      <label htmlFor={searchId}>{t('admin.tenants.search')}</label>
      <input
        id={searchId}
        type="search"
        className="input"
        value={search}
        maxLength={200}
        onChange={(event) => setSearch(event.target.value)}
      />
    </div>
  );
  if (tenants.status === 'pending') {
    return (
      <>
        {searchField}
        <LoadingRows label={t('admin.tenants.loading')} />
      </>
    );
  }
  if (tenants.status === 'error') {
    return (
      <>
        {searchField}
        <ProblemAlert
          title={t('admin.tenants.loadFailed')}
          error={tenants.error}
          onRetry={tenants.retry}
        />
      </>
    );
  }
  const list = [...tenants.data.tenants].sort((a, b) => a.name.localeCompare(b.name));
  const tenant = list.find((candidate) => candidate.id === selectedId) ?? list[0];
  if (!tenant) {
    return (
      <>
        {searchField}
        {q ? (
          <EmptyState title={t('admin.tenants.noMatch', { q })} />
        ) : (
          <EmptyState title={t('admin.tenants.empty')}>
            <p>{t('admin.tenants.emptyBody')}</p>
          </EmptyState>
        )}
      </>
    );
  }

  return (
    <>
      {searchField}
      <div className="admin-field admin-field--inline">
        <label htmlFor={selectId}>{t('admin.tenants.tenant')}</label>
        <select id={selectId} value={tenant.id} onChange={(event) => onSelect(event.target.value)}>
          {list.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({option.slug}){option.suspendedAt !== null ? ' ⏸' : ''}
              {option.deletionDueAt !== null ? ' 🗑' : ''}
            </option>
          ))}
        </select>
      </div>
      <TenantSuspension key={`suspension-${tenant.id}`} tenant={tenant} />
      <TenantDeletion key={`deletion-${tenant.id}`} tenant={tenant} />
      <TenantLimits key={`limits-${tenant.id}`} tenant={tenant} />
      {/* Keyed by tenant, so a half-filled form or an open dialog never carries to another one. */}
      <TenantMembers
        key={tenant.id}
        tenant={tenant}
        currentUser={currentUser}
        onAccessChange={onAccessChange}
      />
    </>
  );
}
