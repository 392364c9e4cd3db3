import { renderApp } from '../../../testing/render-app';
import type { LearnerBilling, RefundCreate } from '@questa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aLearnerBilling,
  anInvoice,
  aPlan,
  aRefund,
  graceId,
  invoiceId,
} from '../../../testing/admin-billing-fixtures';
import { anAdminSession, anAdminUser } from '../../../testing/session-fixtures';
import { calls, jsonResponse, problemResponse, stubApi } from '../../../testing/stub-fetch';

const page = `/admin?tab=subscribers&user=${graceId}`;

/** An API that refunds as the server does: no more than is left on the invoice. */
function stubHistory(initial: LearnerBilling = aLearnerBilling()) {
  let billing = initial;
  const refunds: RefundCreate[] = [];
  const fetchMock = stubApi({
    [`GET /api/admin/billing/users/${graceId}`]: () => jsonResponse(billing),
    'GET /api/admin/billing/plans': () => jsonResponse({ plans: [aPlan()] }),
    'GET /api/admin/users': () =>
      jsonResponse({ users: [anAdminUser({ roles: ['admin'] })], nextCursor: null }),
    [`POST /api/admin/billing/invoices/${invoiceId}/refunds`]: (_url, init) => {
      const input = JSON.parse(String(init?.body)) as RefundCreate;
      const invoice = billing.invoices[0]!;
      const left = invoice.amountPaid - invoice.amountRefunded;
      if ((input.amount ?? left) > left) {
        return problemResponse({
          status: 400,
          code: 'validation.failed',
          detail: `At most ${left} (in the currency’s minor unit) is left to refund on this invoice.`,
          errors: [{ field: 'amount', message: `must be at most ${left}` }],
        });
      }
      refunds.push(input);
      const refund = aRefund({ amount: input.amount ?? left, reason: input.reason ?? null });
      billing = {
        ...billing,
        invoices: [{ ...invoice, amountRefunded: invoice.amountRefunded + refund.amount }],
        refunds: [...billing.refunds, refund],
      };
      return jsonResponse(refund, { status: 201 });
    },
  });
  return { fetchMock, refunds };
}

describe('admin billing: a learner’s billing history', () => {
  it('shows premium now, invoices, each subscription’s changes and the checkouts', async () => {
    stubHistory();
    renderApp(page, { session: anAdminSession() });

    expect(await screen.findByRole('heading', { name: 'Billing of Grace Hopper' })).toBeTruthy();
    const invoices = within(screen.getByRole('table', { name: 'Invoices' }));
    const row = within(invoices.getByRole('link', { name: 'Q-0042' }).closest('tr') as HTMLElement);
    expect(row.getByText('Paid')).toBeTruthy();
    expect(row.getByText('€9.00')).toBeTruthy();

    const subscription = within(screen.getByRole('article', { name: 'Premium, €9.00 a month' }));
    const history = within(subscription.getByRole('table'));
    expect(history.getAllByRole('row')).toHaveLength(3);
    expect(history.getByText('Trial')).toBeTruthy();
    // Changes read in words: the first says what the subscription started with.
    expect(history.getByText('Started as Trial')).toBeTruthy();
    expect(history.getByText('Ends with the period: no')).toBeTruthy();
    expect(history.getByText('Status: Trial → Active')).toBeTruthy();
    expect(history.getAllByText('The payment partner')).toHaveLength(2);

    const checkouts = within(screen.getByRole('table', { name: 'Checkouts' }));
    expect(checkouts.getByText('Premium, €9.00 a month')).toBeTruthy();
    expect(checkouts.getByText('Completed')).toBeTruthy();
  });

  it('refunds part of a payment after saying what goes back and that it cannot be undone', async () => {
    const { fetchMock, refunds } = stubHistory();
    renderApp(page, { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Refund invoice Q-0042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Q-0042' }));
    expect(
      dialog.getByText(/Paid €9.00, refunded so far €0.00: €9.00 can still be refunded/),
    ).toBeTruthy();
    fireEvent.click(dialog.getByLabelText('Part of it'));
    fireEvent.change(dialog.getByLabelText('Amount in EUR'), { target: { value: '12' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Enter an amount above zero and at most €9.00.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.change(dialog.getByLabelText('Amount in EUR'), { target: { value: '3' } });
    fireEvent.change(dialog.getByLabelText('Reason'), {
      target: { value: 'requested_by_customer' },
    });
    const dialogElement = screen.getByRole('dialog', { name: 'Refund Q-0042' });
    expect(dialogElement.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(dialogElement.getAttribute('aria-describedby')!)?.textContent,
    ).toBe(
      '€3.00 of the €9.00 paid on Q-0042 goes back to Grace Hopper’s card. A refund cannot be undone.',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Refund €3.00' }));

    expect(
      await screen.findByText(
        '€3.00 refunded to Grace Hopper. The subscription goes on; the learner cancels it if they wish.',
      ),
    ).toBeTruthy();
    expect(refunds).toEqual([{ amount: 300, reason: 'requested_by_customer' }]);
    const refundsTable = within(await screen.findByRole('table', { name: 'Refunds' }));
    expect(refundsTable.getByText('€3.00')).toBeTruthy();
    expect(refundsTable.getByText('ada@example.com')).toBeTruthy();
    expect(refundsTable.getByText('Asked for by the learner')).toBeTruthy();
    const invoices = within(screen.getByRole('table', { name: 'Invoices' }));
    expect(await invoices.findByText('€3.00')).toBeTruthy();
  });

  it('refunds all that is left, and shows a refusal without closing', async () => {
    const { refunds } = stubHistory(
      aLearnerBilling({ invoices: [anInvoice({ amountRefunded: 300 })] }),
    );
    renderApp(page, { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Refund invoice Q-0042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Q-0042' }));
    expect(dialog.getByLabelText('Everything left: €6.00')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Refund €6.00' }));
    expect(await screen.findByText(/^€6.00 refunded to Grace Hopper/)).toBeTruthy();
    // Without an amount the server refunds exactly what is left, even if it changed meanwhile.
    expect(refunds).toEqual([{}]);
    expect(screen.queryByRole('button', { name: 'Refund invoice Q-0042' })).toBeNull();
  });

  it('keeps the dialog open with the server’s reason when a refund is refused', async () => {
    stubHistory(aLearnerBilling({ invoices: [anInvoice({ amountRefunded: 800 })] }));
    renderApp(page, { session: anAdminSession() });

    fireEvent.click(await screen.findByRole('button', { name: 'Refund invoice Q-0042' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Q-0042' }));
    // The page showed €1.00 left; meanwhile someone else refunded: the server says how much is left.
    fireEvent.click(dialog.getByLabelText('Part of it'));
    fireEvent.change(dialog.getByLabelText('Amount in EUR'), { target: { value: '1' } });
    stubHistory(aLearnerBilling({ invoices: [anInvoice({ amountRefunded: 850 })] }));
    fireEvent.click(dialog.getByRole('button', { name: 'Refund €1.00' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Some fields need attention.');
    expect(alert.textContent).toContain('At most 50');
    expect(screen.getByRole('dialog', { name: 'Refund Q-0042' })).toBeTruthy();
  });
});
