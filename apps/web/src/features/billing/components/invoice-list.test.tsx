import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, inEnglish } from '../../../lib/i18n';
import { appMessages } from '../../../lib/i18n/app-messages';
import { clearQueryCache } from '../../../lib/use-query';
import { anInvoice } from '../../../testing/billing-fixtures';
import { jsonResponse, stubApi } from '../../../testing/stub-fetch';
import { InvoiceList, invoiceState } from './invoice-list';

describe('the learner’s invoices', () => {
  afterEach(() => {
    cleanup();
    clearQueryCache();
    vi.unstubAllGlobals();
  });

  it('says a refunded invoice is refunded, and a partly refunded one so, not “Paid”', async () => {
    stubApi({
      'GET /api/billing/invoices': () =>
        jsonResponse({
          invoices: [
            anInvoice({ id: 'd0000000-0000-4000-8000-000000000041', number: 'Q-3' }),
            anInvoice({
              id: 'd0000000-0000-4000-8000-000000000042',
              number: 'Q-2',
              amountRefunded: 300,
            }),
            anInvoice({
              id: 'd0000000-0000-4000-8000-000000000043',
              number: 'Q-1',
              amountRefunded: 900,
            }),
          ],
        }),
    });
    render(
      <I18nProvider initial={inEnglish(appMessages)}>
        <InvoiceList />
      </I18nProvider>,
    );
    const rows = (await screen.findAllByRole('row')).slice(1);
    const states = rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(states).toEqual(['Paid', 'Partly refunded', 'Refunded']);
    expect(rows[1]!.textContent).toContain('€3.00 refunded');
  });

  it('keeps the partner’s word for invoices that were never paid', () => {
    expect(invoiceState(anInvoice({ status: 'open', amountPaid: 0 }))).toBe('open');
    expect(invoiceState(anInvoice({ status: 'void', amountPaid: 0 }))).toBe('void');
    expect(invoiceState(anInvoice({ amountRefunded: 0 }))).toBe('paid');
  });
});
