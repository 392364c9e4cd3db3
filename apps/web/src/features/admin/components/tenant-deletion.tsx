import type { Tenant } from '@questa/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useKeepTenant } from '../api/keep-tenant';

/**
 * A workspace its owner scheduled for deletion: the date, and keeping it, which reopens it to
 * changes at once, so it asks first.
 */
export function TenantDeletion({ tenant }: { tenant: Tenant }) {
  const { t, locale } = useI18n();
  const keep = useKeepTenant();
  const notice = useSavedNotice();
  const [open, setOpen] = useState(false);

  const confirm = async () => {
    const outcome = await keep.mutate(tenant.id);
    if (!outcome.ok) return;
    setOpen(false);
    notice.show(t('admin.tenants.keptNotice', { name: tenant.name }));
  };

  return (
    <div className="admin-field admin-field--inline">
      {tenant.deletionDueAt !== null && (
        <>
          <Badge tone="danger">
            {t('admin.tenants.deletionDue', { date: formatDate(tenant.deletionDueAt, locale) })}
          </Badge>
          <Button
            variant="secondary"
            onClick={() => {
              keep.reset();
              setOpen(true);
            }}
          >
            {t('admin.tenants.keep')}
          </Button>
        </>
      )}
      <SavedNotice notice={notice} />
      <ConfirmDialog
        open={open}
        title={t('admin.tenants.keepTitle', { name: tenant.name })}
        confirmLabel={t('admin.tenants.keep')}
        busy={keep.status === 'pending'}
        error={keep.status === 'error' ? keep.error : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{t('admin.tenants.keepBody')}</p>
      </ConfirmDialog>
    </div>
  );
}
