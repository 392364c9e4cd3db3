import type { Tenant } from '@questa/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useSetTenantSuspended } from '../api/suspend-tenant';

/** Suspending a workspace closes it to its members at once, so it asks first; so does restoring. */
export function TenantSuspension({ tenant }: { tenant: Tenant }) {
  const { t, locale } = useI18n();
  const change = useSetTenantSuspended();
  const notice = useSavedNotice();
  const [open, setOpen] = useState(false);
  const suspending = tenant.suspendedAt === null;

  const confirm = async () => {
    const outcome = await change.mutate(tenant.id, suspending);
    if (!outcome.ok) return;
    setOpen(false);
    notice.show(
      t(suspending ? 'admin.tenants.suspendedNotice' : 'admin.tenants.restoredNotice', {
        name: tenant.name,
      }),
    );
  };

  return (
    <div className="admin-field admin-field--inline">
      {tenant.suspendedAt !== null && (
        <Badge tone="danger">
          {t('admin.tenants.suspendedSince', { date: formatDate(tenant.suspendedAt, locale) })}
        </Badge>
      )}
      <Button
        variant={suspending ? 'danger' : 'secondary'}
        onClick={() => {
          change.reset();
          setOpen(true);
        }}
      >
        {suspending ? t('admin.tenants.suspend') : t('admin.tenants.restore')}
      </Button>
      <SavedNotice notice={notice} />
      <ConfirmDialog
        open={open}
        title={t(suspending ? 'admin.tenants.suspendTitle' : 'admin.tenants.restoreTitle', {
          name: tenant.name,
        })}
        confirmLabel={suspending ? t('admin.tenants.suspend') : t('admin.tenants.restore')}
        busy={change.status === 'pending'}
        error={change.status === 'error' ? change.error : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t(suspending ? 'admin.tenants.suspendBody' : 'admin.tenants.restoreBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
