import { formatAmount } from '../../model/money';
import { html } from '@questa/http-kit';
import { errorSummary, formatDate, notice, type Page } from '../../pages/layout';
import type { CardFormErrors } from '../billing/cards';
import { catalogue } from '../../pages/messages';
import { cardFields, testCardList } from '../checkout/checkout.views';
import type { InvoicePage } from './invoice.service';

// An invoice knows no language of its own here: its pages stay in English.
const STATUS_TEXT: Record<string, string> = {
  paid: 'Paid',
  open: 'Due',
  draft: 'Draft',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

export interface InvoicePageState {
  page: InvoicePage;
  accountName: string;
  pdfUrl: string;
  payAction: string;
  errors: CardFormErrors;
  values: { name?: string; expiry?: string };
  declined?: string | undefined;
  justPaid?: boolean;
}

/** The lines an invoice is made of, as the hosted page and the PDF both show them. */
export function invoiceLines(page: InvoicePage): { label: string; amount: string }[] {
  const { invoice } = page;
  const money = (amount: number) => formatAmount(amount, invoice.currency);
  const discount = invoice.subtotal - invoice.total;
  const refunded = page.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return [
    ...invoice.lines.data.map((line) => ({
      label: `${line.description} (${formatDate(line.period.start)} – ${formatDate(line.period.end)})`,
      amount: money(line.amount),
    })),
    { label: 'Subtotal', amount: money(invoice.subtotal) },
    ...(discount !== 0 ? [{ label: 'Discount', amount: money(-discount) }] : []),
    { label: 'Total', amount: money(invoice.total) },
    ...(invoice.starting_balance !== 0 && invoice.total !== invoice.amount_due
      ? [{ label: 'Applied balance', amount: money(invoice.amount_due - invoice.total) }]
      : []),
    { label: 'Amount due', amount: money(invoice.amount_due) },
    { label: 'Amount paid', amount: money(invoice.amount_paid) },
    ...(refunded > 0 ? [{ label: 'Refunded', amount: money(refunded) }] : []),
  ];
}

export function invoicePage(state: InvoicePageState): Page {
  const { invoice, customer } = state.page;
  const rows = invoiceLines(state.page);
  const itemCount = invoice.lines.data.length;
  return {
    title: `Invoice ${invoice.number ?? ''}`,
    body: html`<h1>Invoice ${invoice.number}</h1>
      <p class="lead">
        From ${state.accountName} to ${customer?.email ?? customer?.name ?? invoice.customer} ·
        ${formatDate(invoice.created)} ·
        <span
          class="badge${invoice.status === 'paid' ? ' badge--ok' : invoice.status === 'open' ? ' badge--warn' : ''}"
          >${STATUS_TEXT[invoice.status] ?? invoice.status}</span
        >
      </p>
      ${state.justPaid && notice('Thank you: the invoice is paid.')}
      ${
        invoice.status === 'paid' &&
        invoice.status_transitions.paid_at &&
        html`<p>Paid on ${formatDate(invoice.status_transitions.paid_at)}.</p>`
      }
      <div class="table-wrap">
        <table class="summary-table">
          <caption class="visually-hidden">
            Invoice lines and totals
          </caption>
          <tbody>
            ${rows.map(
              (row, index) =>
                html`<tr class="${row.label === 'Amount due' ? 'total' : ''}">
                  <th scope="row" class="${index >= itemCount ? 'muted' : ''}">${row.label}</th>
                  <td>${row.amount}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p><a class="button" href="${state.pdfUrl}">Download PDF</a></p>
      ${
        invoice.status === 'open' &&
        html`<h2>Pay ${formatAmount(invoice.amount_remaining, invoice.currency)} now</h2>
          ${
            state.declined
              ? errorSummary({}, state.declined)
              : errorSummary(state.errors as Record<string, string | undefined>)
          }
          <form method="post" action="${state.payAction}" novalidate>
            ${cardFields(state.values, state.errors, catalogue.en)}
            <button class="button button--primary button--block" type="submit">Pay</button>
          </form>
          ${testCardList(catalogue.en)}`
      }`,
  };
}
