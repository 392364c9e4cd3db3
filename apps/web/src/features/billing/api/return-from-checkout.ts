import type { BillingOverview, CheckoutReturn } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Has the checkout the learner just paid applied at once, from the session id the partner's
 * success address carries, instead of waiting for the partner's webhooks. Answers with the
 * learner's premium, read afresh; asking twice does no harm.
 */
export function returnFromCheckout(sessionId: string): Promise<BillingOverview> {
  return apiRequest<BillingOverview>('/billing/checkout/return', {
    method: 'POST',
    body: { sessionId } satisfies CheckoutReturn,
  });
}
