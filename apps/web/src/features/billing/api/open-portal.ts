import type { PortalCreate, RedirectUrl } from '@questa/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { usePartnerRedirect } from '../use-partner-redirect';

/**
 * A link to the payment partner's portal for the learner's subscription: change the plan, cancel
 * at the period's end or resume, update the card. The portal comes back to `/billing`.
 */
export function openPortal(subscriptionId: string, input: PortalCreate): Promise<RedirectUrl> {
  return apiRequest<RedirectUrl>(`/billing/subscriptions/${subscriptionId}/portal`, {
    method: 'POST',
    body: input,
  });
}

/**
 * "Manage subscription" and the like: `open(subscriptionId)` sends the browser to the portal,
 * in the app's language.
 */
export function useOpenPortal() {
  const { going, error, go } = usePartnerRedirect();
  const { locale } = useI18n();
  return {
    busy: going !== null,
    error,
    open: (subscriptionId: string) =>
      go(subscriptionId, async () => (await openPortal(subscriptionId, { locale })).url),
  };
}

export type Portal = ReturnType<typeof useOpenPortal>;
