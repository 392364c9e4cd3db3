import type { Refund, RefundCreate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refetchAfterBillingChange } from './refetch';

/** Refunds a paid invoice: `amount` of it, or without one all that is not refunded yet. */
export function refundInvoice(invoiceId: string, input: RefundCreate): Promise<Refund> {
  return apiRequest<Refund>(`/admin/billing/invoices/${encodeURIComponent(invoiceId)}/refunds`, {
    method: 'POST',
    body: input,
  });
}

async function refundAndRefetch(invoiceId: string, input: RefundCreate) {
  const refund = await refundInvoice(invoiceId, input);
  await refetchAfterBillingChange();
  return refund;
}

export function useRefundInvoice() {
  return useMutation(refundAndRefetch);
}
