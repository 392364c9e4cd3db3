import type { Tenant, WorkspaceLimitKind, WorkspaceLimitsUpdate } from '@questa/contracts';
import { WORKSPACE_LIMIT_CEILING, WORKSPACE_LIMIT_KINDS } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { useT } from '../../../lib/i18n';
import { useOverrideTenantLimits, useTenantLimits } from '../api/tenant-limits';
import { LoadingRows } from './loading-rows';

type Drafts = Record<WorkspaceLimitKind, string>;

/** An override as the form holds it: empty means no override; undefined when a field is invalid. */
function updateOf(drafts: Drafts): WorkspaceLimitsUpdate | undefined {
  const update: WorkspaceLimitsUpdate = {};
  for (const kind of WORKSPACE_LIMIT_KINDS) {
    const text = drafts[kind].trim();
    if (text === '') {
      update[kind] = null;
      continue;
    }
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > WORKSPACE_LIMIT_CEILING) return undefined;
    update[kind] = value;
  }
  return update;
}

/**
 * A workspace's limits, where each comes from (free, the paid plan, an override), and a form to
 * override them. Saving asks first: the change applies at once, and is audited.
 */
export function TenantLimits({ tenant }: { tenant: Tenant }) {
  const t = useT();
  const limits = useTenantLimits(tenant.id);
  const save = useOverrideTenantLimits();
  const notice = useSavedNotice();
  const [drafts, setDrafts] = useState<Drafts>();
  const [confirming, setConfirming] = useState<WorkspaceLimitsUpdate>();
  const [invalid, setInvalid] = useState(false);
  const formId = useId();

  if (limits.status === 'pending')
    return <LoadingRows label={t('admin.limits.loading')} rows={3} />;
  if (limits.status === 'error') {
    return (
      <ProblemAlert
        title={t('admin.limits.loadFailed')}
        error={limits.error}
        onRetry={limits.retry}
      />
    );
  }
  const shown: Drafts =
    drafts ??
    (Object.fromEntries(
      limits.data.limits.map((limit) => [
        limit.kind,
        limit.source === 'override' ? String(limit.max) : '',
      ]),
    ) as Drafts);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const update = updateOf(shown);
    setInvalid(update === undefined);
    if (update) {
      save.reset();
      setConfirming(update);
    }
  };
  const confirm = async () => {
    if (!confirming) return;
    const outcome = await save.mutate(tenant.id, confirming);
    if (!outcome.ok) return;
    setConfirming(undefined);
    setDrafts(undefined);
    notice.show(t('admin.limits.saved', { name: tenant.name }));
  };

  return (
    <section className="admin-section">
      <h2>{t('admin.limits.title')}</h2>
      <form id={formId} onSubmit={submit} noValidate>
        <ul className="admin-limits">
          {limits.data.limits.map((limit) => (
            <li key={limit.kind} className="admin-field">
              <p>
                {t('admin.limits.row', {
                  kind: t(`admin.limits.kind.${limit.kind}`),
                  used: limit.used,
                  max: limit.max,
                })}{' '}
                ({t(`admin.limits.source.${limit.source}`)})
              </p>
              <label htmlFor={`${formId}-${limit.kind}`}>
                {t('admin.limits.override', { kind: t(`admin.limits.kind.${limit.kind}`) })}
              </label>
              <input
                id={`${formId}-${limit.kind}`}
                className="input"
                inputMode="numeric"
                value={shown[limit.kind]}
                aria-invalid={invalid || undefined}
                onChange={(event) => setDrafts({ ...shown, [limit.kind]: event.target.value })}
              />
            </li>
          ))}
        </ul>
        <p className="field__hint">{t('admin.limits.overrideHint')}</p>
        {invalid && <p role="alert">{t('admin.limits.invalid')}</p>}
        <Button type="submit">{t('admin.limits.save')}</Button>
        <SavedNotice notice={notice} />
      </form>
      <ConfirmDialog
        open={confirming !== undefined}
        title={t('admin.limits.confirmTitle', { name: tenant.name })}
        confirmLabel={t('admin.limits.save')}
        busy={save.status === 'pending'}
        error={save.status === 'error' ? save.error : undefined}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(undefined)}
      >
        <p>{t('admin.limits.confirmBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
