import type { SeatChangePreview, WorkspacePlan } from '@questa/contracts';
import { WORKSPACE_SEATS } from '@questa/contracts/rules';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { formatDate, formatMoney, useI18n } from '../../../lib/i18n';
import { cancelWorkspacePlan } from '../api/cancel-workspace-plan';
import { changeSeats } from '../api/change-seats';
import { previewSeatChange } from '../api/preview-seat-change';

/**
 * A paid workspace plan: seats used of seats paid, what a seat costs and when the plan renews,
 * a change of seats confirmed with the prorated amount it charges now, and cancellation at the
 * period's end (or keeping a cancelled plan after all).
 */
export function SeatsPanel({
  plan,
  onChanged,
}: {
  plan: WorkspacePlan;
  onChanged: (plan: WorkspacePlan) => void;
}) {
  const { t, locale } = useI18n();
  const notice = useSavedNotice();
  const seatsPaid = plan.seats ?? 0;
  const [seats, setSeats] = useState(String(seatsPaid));
  const [preview, setPreview] = useState<SeatChangePreview | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'change' | 'cancel' | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [dialogError, setDialogError] = useState<ApiError | undefined>();
  const price = plan.price;
  const count = Number(seats);
  const minimum = Math.max(WORKSPACE_SEATS.min, plan.seatsUsed);
  const invalid =
    !Number.isInteger(count) || count < minimum || count > WORKSPACE_SEATS.max
      ? t('workspacePlan.seats.invalid', { min: minimum, max: WORKSPACE_SEATS.max })
      : undefined;
  const money = (amount: number) => formatMoney(amount, price?.currency ?? 'eur', locale);

  async function review() {
    if (invalid || count === seatsPaid) return;
    setBusy('preview');
    setError(null);
    notice.clear();
    try {
      setDialogError(undefined);
      setPreview(await previewSeatChange(plan.clientId, count));
    } catch (caught) {
      setError(toApiError(caught));
    }
    setBusy(null);
  }

  async function confirmChange() {
    if (!preview) return;
    setBusy('change');
    try {
      const changed = await changeSeats(plan.clientId, preview.seats);
      setPreview(null);
      onChanged(changed);
      notice.show(t('workspacePlan.seats.saved', { count: changed.seats ?? preview.seats }));
    } catch (caught) {
      setDialogError(toApiError(caught));
    }
    setBusy(null);
  }

  async function setCancel(cancel: boolean) {
    setBusy('cancel');
    setError(null);
    try {
      const changed = await cancelWorkspacePlan(plan.clientId, cancel);
      setCancelOpen(false);
      onChanged(changed);
      notice.show(
        cancel ? t('workspacePlan.cancel.saved') : t('workspacePlan.cancel.resumedSaved'),
      );
    } catch (caught) {
      if (cancel) setDialogError(toApiError(caught));
      else setError(toApiError(caught));
    }
    setBusy(null);
  }

  return (
    <section className="workspace-plan__section" aria-labelledby="workspace-seats-title">
      <div className="workspace-plan__heading">
        <h2 id="workspace-seats-title">{t('workspacePlan.paid.title')}</h2>
        <Badge tone={plan.status === 'past_due' ? 'danger' : 'success'}>
          {t(`workspacePlan.status.${plan.status}`)}
        </Badge>
      </div>
      {plan.status === 'past_due' && (
        <p className="workspace-plan__warning" role="alert">
          {t('workspacePlan.paid.pastDue')}
        </p>
      )}
      <div className="workspace-plan__usage">
        <p>{t('workspacePlan.seats.usage', { used: plan.seatsUsed, count: seatsPaid })}</p>
        <ProgressBar
          label={t('workspacePlan.seats.usageLabel')}
          value={Math.min(plan.seatsUsed, seatsPaid)}
          max={seatsPaid}
        />
      </div>
      {price && (
        <p className="workspace-plan__note">
          {t('workspacePlan.paid.price', {
            amount: money(price.amount),
            total: money(price.amount * seatsPaid),
          })}{' '}
          {plan.currentPeriodEnd &&
            (plan.cancelAtPeriodEnd
              ? t('workspacePlan.paid.endsOn', { date: formatDate(plan.currentPeriodEnd, locale) })
              : t('workspacePlan.paid.renewsOn', {
                  date: formatDate(plan.currentPeriodEnd, locale),
                }))}
        </p>
      )}

      <form
        className="workspace-plan__form workspace-plan__form--inline"
        onSubmit={(event) => {
          event.preventDefault();
          void review();
        }}
        noValidate
      >
        <Field
          label={t('workspacePlan.seats.label')}
          hint={t('workspacePlan.seats.hint', { count: plan.seatsUsed })}
          error={seats === '' ? undefined : invalid}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={minimum}
              max={WORKSPACE_SEATS.max}
              value={seats}
              onChange={(event) => setSeats(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="secondary"
          disabled={busy !== null || invalid !== undefined || count === seatsPaid}
          aria-busy={busy === 'preview' || undefined}
        >
          {busy === 'preview'
            ? t('workspacePlan.seats.reviewing')
            : t('workspacePlan.seats.review')}
        </Button>
      </form>
      {error && <ProblemAlert title={t('workspacePlan.seats.failed')} error={error} />}
      <SavedNotice notice={notice} />

      <div className="workspace-plan__cancel">
        {plan.cancelAtPeriodEnd ? (
          <Button
            variant="secondary"
            onClick={() => void setCancel(false)}
            disabled={busy !== null}
            aria-busy={busy === 'cancel' || undefined}
          >
            {t('workspacePlan.cancel.resume')}
          </Button>
        ) : (
          <Button
            variant="ghost"
            onClick={() => {
              setDialogError(undefined);
              setCancelOpen(true);
            }}
            disabled={busy !== null}
          >
            {t('workspacePlan.cancel.open')}
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={preview !== null}
        title={t('workspacePlan.seats.confirmTitle', { count: preview?.seats ?? count })}
        confirmLabel={t('workspacePlan.seats.confirm', { count: preview?.seats ?? count })}
        onConfirm={() => void confirmChange()}
        onCancel={() => setPreview(null)}
        busy={busy === 'change'}
        error={dialogError}
      >
        {preview && (
          <>
            <p className="workspace-plan__proration">
              {preview.prorationAmount >= 0
                ? t('workspacePlan.seats.chargeNow', { amount: money(preview.prorationAmount) })
                : t('workspacePlan.seats.creditNow', { amount: money(-preview.prorationAmount) })}
            </p>
            <p>
              {t('workspacePlan.seats.fromTo', {
                from: preview.currentSeats,
                count: preview.seats,
                date: formatDate(preview.periodEnd, locale),
                next: money(preview.nextPeriodAmount),
              })}
            </p>
            <p className="workspace-plan__note">{t('workspacePlan.seats.computed')}</p>
          </>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={cancelOpen}
        title={t('workspacePlan.cancel.title')}
        confirmLabel={t('workspacePlan.cancel.confirm')}
        onConfirm={() => void setCancel(true)}
        onCancel={() => setCancelOpen(false)}
        busy={busy === 'cancel'}
        error={dialogError}
      >
        <p>
          {t('workspacePlan.cancel.body', {
            date: plan.currentPeriodEnd ? formatDate(plan.currentPeriodEnd, locale) : '—',
          })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
