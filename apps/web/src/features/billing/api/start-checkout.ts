import type { Checkout, CheckoutCreate } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { usePartnerRedirect } from '../use-partner-redirect';

/**
 * Starts (or rejoins) a checkout of a price at the payment partner's hosted page. Asking twice
 * for the same price answers with the same checkout, so a double click opens one.
 */
export function startCheckout(input: CheckoutCreate): Promise<Checkout> {
  return apiRequest<Checkout>('/billing/checkout', { method: 'POST', body: input });
}

/**
 * Subscribe buttons: `start(priceId)` sends the browser to the partner's checkout page, which
 * speaks the app's language.
 */
export function useStartCheckout() {
  const { going, error, go } = usePartnerRedirect();
  const { locale } = useI18n();
  return {
    /** The price whose checkout is opening. */
    starting: going,
    error,
    start: (priceId: string) =>
      go(priceId, async () => (await startCheckout({ priceId, locale })).url),
  };
}
