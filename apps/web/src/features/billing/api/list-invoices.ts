import type { InvoiceList } from '@questa/contracts';
import { apiGet } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';

export const invoicesQueryKey = 'billing/invoices';

/** The learner's invoices and receipts, newest first. */
export function listInvoices(): Promise<InvoiceList> {
  return apiGet<InvoiceList>('/billing/invoices');
}

export function useInvoices() {
  return useQuery(invoicesQueryKey, listInvoices);
}
