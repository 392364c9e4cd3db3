import type { TenantRole } from '@questa/contracts';
import { tenantRoles } from '@questa/contracts/rules';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { useT } from '../../../lib/i18n';
import { useInvite } from '../api/invite';

// Roles come from the contracts' list, so a role added there is offered here too.
const roles: readonly TenantRole[] = tenantRoles;

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * An address and a role. Inviting someone as owner grants them everything, so that one asks
 * first; the other roles are sent at once and can be withdrawn.
 */
export function InviteForm({ clientId }: { clientId: string }) {
  const t = useT();
  const invite = useInvite();
  const notice = useSavedNotice();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TenantRole>('author');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const emailError = !looksLikeEmail(email.trim())
    ? t('workspaces.invite.emailInvalid')
    : undefined;

  const send = async () => {
    const outcome = await invite.mutate(clientId, { email: email.trim(), role });
    setConfirming(false);
    if (outcome.ok) {
      notice.show(t('workspaces.invite.sent', { email: outcome.data.email }));
      setEmail('');
      setSubmitted(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailError) return;
    if (role === 'owner') setConfirming(true);
    else void send();
  };

  return (
    <form className="workspace-form" onSubmit={submit} noValidate>
      <div className="workspace-form__row">
        <Field label={t('workspaces.invite.email')} error={submitted ? emailError : undefined}>
          {(control) => (
            <input
              {...control}
              className="input"
              type="email"
              autoComplete="off"
              value={email}
              maxLength={320}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('workspaces.invite.role')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={role}
              onChange={(event) => setRole(event.target.value as TenantRole)}
            >
              {roles.map((option) => (
                <option key={option} value={option}>
                  {t(`tenantRole.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={invite.status === 'pending'}>
          {t('workspaces.invite.send')}
        </Button>
      </div>
      <p className="field__hint">{t('workspaces.invite.hint')}</p>
      {invite.status === 'error' && !confirming && (
        <ProblemAlert title={t('workspaces.invite.failed')} error={invite.error} />
      )}
      <SavedNotice notice={notice} />
      <ConfirmDialog
        open={confirming}
        title={t('workspaces.invite.ownerTitle')}
        confirmLabel={t('workspaces.invite.ownerConfirm')}
        busy={invite.status === 'pending'}
        error={invite.status === 'error' ? invite.error : undefined}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('workspaces.invite.ownerBody', { email: email.trim() })}</p>
      </ConfirmDialog>
    </form>
  );
}
