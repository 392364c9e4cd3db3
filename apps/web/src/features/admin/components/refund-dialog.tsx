import type { Invoice, Refund } from '@questa/contracts';
import { refundReasons, type RefundReason } from '@questa/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { problemMessage } from '../../../components/ui/problem-message';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { formatMoney, useI18n } from '../../../lib/i18n';
import { useRefundInvoice } from '../api/refund-invoice';
import { toMinorUnits } from '../billing-format';
import { ServerFieldErrors } from './server-field-errors';

/**
 * Refunds a paid invoice in full or in part. Before the button is pressed the dialog says how
 * much goes back, from which payment, to whom, and that it cannot be undone; the button repeats
 * the amount. A modal dialog, so focus stays inside and returns to the button that opened it.
 */
export function RefundDialog({
  invoice,
  learnerName,
  onClose,
  onRefunded,
}: {
  /** The invoice to refund; the dialog is open while set. */
  invoice: Invoice | undefined;
  learnerName: string;
  onClose: () => void;
  onRefunded: (refund: Refund) => void;
}) {
  const id = useId();
  const dialog = useModalDialog(invoice !== undefined);
  const refund = useRefundInvoice();
  const busy = refund.status === 'pending';

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog billing-refund-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      {invoice && (
        <RefundForm
          key={invoice.id}
          ids={{ title: `${id}-title`, summary: `${id}-summary` }}
          invoice={invoice}
          learnerName={learnerName}
          refund={refund}
          onClose={() => {
            refund.reset();
            onClose();
          }}
          onRefunded={onRefunded}
        />
      )}
    </dialog>
  );
}

function RefundForm({
  ids,
  invoice,
  learnerName,
  refund,
  onClose,
  onRefunded,
}: {
  ids: { title: string; summary: string };
  invoice: Invoice;
  learnerName: string;
  refund: ReturnType<typeof useRefundInvoice>;
  onClose: () => void;
  onRefunded: (refund: Refund) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const remaining = invoice.amountPaid - invoice.amountRefunded;
  const [mode, setMode] = useState<'full' | 'part'>('full');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [submitted, setSubmitted] = useState(false);
  const money = (amount: number) => formatMoney(amount, invoice.currency, locale);
  const busy = refund.status === 'pending';

  const typed = toMinorUnits(amountText, invoice.currency);
  const amount = mode === 'full' ? remaining : typed;
  const amountError =
    mode === 'part' && (typed === undefined || typed < 1 || typed > remaining)
      ? t('admin.refund.error.amount', { max: money(remaining) })
      : undefined;
  const invoiceName = invoice.number ?? t('admin.refund.thisInvoice');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (amountError || amount === undefined) return;
    const outcome = await refund.mutate(invoice.id, {
      // Leaving the amount out refunds exactly what is left, even if that changed meanwhile.
      ...(mode === 'part' ? { amount } : {}),
      ...(reason ? { reason } : {}),
    });
    if (outcome.ok) onRefunded(outcome.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={ids.title} className="confirm-dialog__title">
        {t('admin.refund.title', { invoice: invoiceName })}
      </h2>
      <div className="confirm-dialog__body billing-refund">
        <p>
          {t('admin.refund.paid', {
            paid: money(invoice.amountPaid),
            refunded: money(invoice.amountRefunded),
            remaining: money(remaining),
          })}
        </p>
        <fieldset className="fieldset">
          <legend>{t('admin.refund.howMuch')}</legend>
          <label className="check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'full'}
              onChange={() => setMode('full')}
            />
            {t('admin.refund.full', { amount: money(remaining) })}
          </label>
          <label className="check">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'part'}
              onChange={() => setMode('part')}
            />
            {t('admin.refund.part')}
          </label>
          {mode === 'part' && (
            <Field
              label={t('admin.refund.amount', { currency: invoice.currency.toUpperCase() })}
              error={submitted ? amountError : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  inputMode="decimal"
                  autoFocus
                  value={amountText}
                  onChange={(event) => setAmountText(event.target.value)}
                />
              )}
            </Field>
          )}
        </fieldset>
        <Field label={t('admin.refund.reason')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={reason}
              onChange={(event) =>
                setReason(refundReasons.find((option) => option === event.target.value) ?? '')
              }
            >
              <option value="">{t('admin.refund.noReason')}</option>
              {refundReasons.map((option) => (
                <option key={option} value={option}>
                  {t(`admin.refund.reason.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p id={ids.summary} className="billing-refund__summary" aria-live="polite">
          {amount !== undefined && !amountError
            ? t('admin.refund.summary', {
                amount: money(amount),
                paid: money(invoice.amountPaid),
                invoice: invoiceName,
                name: learnerName,
              })
            : t('admin.refund.summaryPending')}{' '}
          <strong>{t('admin.refund.cannotUndo')}</strong>
        </p>
      </div>
      {refund.status === 'error' && (
        <div className="confirm-dialog__error" role="alert">
          <p>{problemMessage(t, refund.error)}</p>
          {refund.error.detail && <p>{refund.error.detail}</p>}
          <ServerFieldErrors error={refund.error} />
        </div>
      )}
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus={mode === 'full'}>
          {t('confirm.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {amount !== undefined && !amountError
            ? t('admin.refund.confirm', { amount: money(amount) })
            : t('admin.refund.confirmAny')}
        </Button>
      </div>
    </form>
  );
}
