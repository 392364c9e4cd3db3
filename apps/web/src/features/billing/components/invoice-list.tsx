import type { Invoice } from '@questa/contracts';
import { Badge } from '../../../components/ui/badge';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useInvoices } from '../api/list-invoices';
import { formatMoney } from '../plan-prices';

const tones = {
  draft: 'neutral',
  open: 'danger',
  paid: 'success',
  uncollectible: 'danger',
  void: 'neutral',
  refunded: 'neutral',
  partly_refunded: 'info',
} as const satisfies Record<InvoiceState, string>;

/** What the learner should read of an invoice: a paid one given back says so, wholly or partly. */
export function invoiceState(
  invoice: Pick<Invoice, 'status' | 'amountPaid' | 'amountRefunded'>,
): InvoiceState {
  if (invoice.status !== 'paid' || invoice.amountRefunded <= 0) return invoice.status;
  return invoice.amountRefunded >= invoice.amountPaid ? 'refunded' : 'partly_refunded';
}
type InvoiceState = Invoice['status'] | 'refunded' | 'partly_refunded';

/** The learner's invoices and receipts, newest first, each with its page and PDF at the partner. */
export function InvoiceList() {
  const { t, locale } = useI18n();
  const invoices = useInvoices();

  return (
    // Not a landmark of its own: the table's scrolling region already bears this name.
    <section className="billing-section">
      <h2>{t('billing.invoices.title')}</h2>
      {invoices.status === 'pending' && (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('billing.invoices.loading')}
          </p>
          <Skeleton height="6rem" />
        </div>
      )}
      {invoices.status === 'error' && (
        <ProblemAlert
          title={t('billing.invoices.loadFailed')}
          error={invoices.error}
          onRetry={invoices.retry}
        />
      )}
      {invoices.status === 'success' && invoices.data.invoices.length === 0 && (
        <p className="billing-section__note">{t('billing.invoices.empty')}</p>
      )}
      {invoices.status === 'success' && invoices.data.invoices.length > 0 && (
        <Table caption={t('billing.invoices.title')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('billing.invoices.date')}</th>
              <th scope="col">{t('billing.invoices.period')}</th>
              <th scope="col">{t('billing.invoices.amount')}</th>
              <th scope="col">{t('billing.invoices.status')}</th>
              <th scope="col">{t('billing.invoices.links')}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => {
              const name = invoice.number ?? formatDate(invoice.createdAt, locale);
              const state = invoiceState(invoice);
              return (
                <tr key={invoice.id}>
                  <td>{formatDate(invoice.createdAt, locale)}</td>
                  <td>
                    {invoice.periodStart && invoice.periodEnd
                      ? t('billing.invoices.periodRange', {
                          from: formatDate(invoice.periodStart, locale),
                          to: formatDate(invoice.periodEnd, locale),
                        })
                      : '—'}
                  </td>
                  <td>
                    {formatMoney(
                      invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue,
                      invoice.currency,
                      locale,
                    )}
                    {invoice.amountRefunded > 0 && (
                      <span className="invoice__refund">
                        {t('billing.invoices.refunded', {
                          amount: formatMoney(invoice.amountRefunded, invoice.currency, locale),
                        })}
                      </span>
                    )}
                  </td>
                  <td>
                    <Badge tone={tones[state]}>{t(`billing.invoices.state.${state}`)}</Badge>
                  </td>
                  <td className="invoice__links">
                    {invoice.hostedUrl && (
                      <a href={invoice.hostedUrl}>
                        {invoice.status === 'open'
                          ? t('billing.invoices.payNow')
                          : t('billing.invoices.receipt')}
                        <span className="visually-hidden">
                          {' '}
                          {t('billing.invoices.forInvoice', { invoice: name })}
                        </span>
                      </a>
                    )}
                    {invoice.pdfUrl && (
                      <a href={invoice.pdfUrl}>
                        {t('billing.invoices.pdf')}
                        <span className="visually-hidden">
                          {' '}
                          {t('billing.invoices.forInvoice', { invoice: name })}
                        </span>
                      </a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}
