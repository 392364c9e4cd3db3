import type { AdminUser } from '@questa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { problemMessage } from '../../../components/ui/problem-message';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import type { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** A date as `yyyy-mm-dd` in the reader's time zone, as a date input takes it. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last moment of a `yyyy-mm-dd` day in the reader's time zone: a grant lasts that whole day. */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

/**
 * Grants premium to a user, until revoked or until the end of a chosen day. A modal dialog, so
 * focus stays inside and returns to the button that opened it.
 */
export function PremiumDialog({
  user,
  busy,
  error,
  onCancel,
  onGrant,
}: {
  /** The user to grant to; the dialog is open while set. */
  user: AdminUser | undefined;
  busy: boolean;
  error: ApiError | undefined;
  onCancel: () => void;
  onGrant: (until: string | null) => void;
}) {
  const id = useId();
  const open = user !== undefined;
  const dialog = useModalDialog(open);

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {user && (
        <PremiumForm
          key={user.id}
          titleId={`${id}-title`}
          user={user}
          busy={busy}
          error={error}
          onCancel={onCancel}
          onGrant={onGrant}
        />
      )}
    </dialog>
  );
}

function PremiumForm({
  titleId,
  user,
  busy,
  error,
  onCancel,
  onGrant,
}: {
  titleId: string;
  user: AdminUser;
  busy: boolean;
  error: ApiError | undefined;
  onCancel: () => void;
  onGrant: (until: string | null) => void;
}) {
  const t = useT();
  const id = useId();
  const current = user.premiumGrant;
  const [mode, setMode] = useState<'revoked' | 'date'>(
    current && current.until !== null ? 'date' : 'revoked',
  );
  const [day, setDay] = useState(current?.until ? localDate(new Date(current.until)) : '');
  const [submitted, setSubmitted] = useState(false);
  const [today] = useState(() => localDate(new Date()));

  const dayError =
    mode !== 'date'
      ? undefined
      : day === ''
        ? t('admin.premium.dateRequired')
        : day < today
          ? t('admin.premium.datePast')
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (dayError) return;
    onGrant(mode === 'date' ? endOfDay(day) : null);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={titleId} className="confirm-dialog__title">
        {t('admin.premium.dialogTitle', { name: user.displayName })}
      </h2>
      <div className="confirm-dialog__body admin-premium-form">
        <p>{t('admin.premium.dialogBody')}</p>
        <fieldset className="fieldset">
          <legend>{t('admin.premium.duration')}</legend>
          <label className="check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'revoked'}
              onChange={() => setMode('revoked')}
            />
            {t('admin.premium.untilRevoked')}
          </label>
          <label className="check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'date'}
              onChange={() => setMode('date')}
            />
            {t('admin.premium.untilDate')}
          </label>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-day`}>
              {t('admin.premium.endDate')}
            </label>
            <input
              id={`${id}-day`}
              type="date"
              className="input"
              min={today}
              value={day}
              disabled={mode !== 'date'}
              aria-invalid={(submitted && dayError !== undefined) || undefined}
              aria-describedby={submitted && dayError ? `${id}-day-error` : undefined}
              onChange={(event) => {
                setDay(event.target.value);
                setMode('date');
              }}
            />
            <FieldError id={`${id}-day-error`} message={submitted ? dayError : undefined} />
          </div>
        </fieldset>
      </div>
      {error && (
        <p className="confirm-dialog__error" role="alert">
          {problemMessage(t, error)}
        </p>
      )}
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {current ? t('admin.premium.save') : t('admin.premium.grant')}
        </Button>
      </div>
    </form>
  );
}
