import type { BillingOverview } from '@questa/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { toApiError, type ApiError } from '../../lib/api-client';
import { getBillingOverview } from './api/get-billing-overview';
import { returnFromCheckout } from './api/return-from-checkout';

export type Confirmation =
  | { state: 'confirming' }
  | { state: 'confirmed'; overview: BillingOverview }
  /** The deadline passed without the payment partner's word; asking again may still find it. */
  | { state: 'slow' }
  | { state: 'failed'; error: ApiError };

/** The partner's word usually lands within seconds; past this the page says so. */
export const CONFIRMATION_DEADLINE_MS = 45_000;

const landed = (overview: BillingOverview) =>
  overview.subscription !== null &&
  (overview.subscription.status === 'active' || overview.subscription.status === 'trialing');

/** Asks often at first, then less: the first seconds are when the answer usually comes. */
const pause = (attempt: number) => (attempt < 10 ? 1000 : 2000);

/**
 * The first answer on return: the paid session applied at once when the success address named
 * it. If that cannot be done (the partner slow, an address without a session), the webhooks
 * still bring the payment, so the page falls back to asking for the learner's premium.
 */
async function firstLook(sessionId: string | null): Promise<BillingOverview> {
  if (sessionId) {
    try {
      return await returnFromCheckout(sessionId);
    } catch {
      // The overview below reports whatever is wrong in a way the learner can act on.
    }
  }
  return getBillingOverview();
}

/**
 * After the partner's checkout sends the learner back, has the paid session applied, then asks
 * the server until the subscription is active (or trialing), up to a deadline.
 */
export function useCheckoutConfirmation({
  sessionId = null,
  deadlineMs = CONFIRMATION_DEADLINE_MS,
  onConfirmed,
}: {
  /** The partner's checkout session, from the success address. */
  sessionId?: string | null;
  deadlineMs?: number;
  onConfirmed: (overview: BillingOverview) => void;
}) {
  const [round, setRound] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'confirming' });
  const confirmed = useEffectEvent(onConfirmed);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + deadlineMs;

    const ask = async (attempt: number) => {
      try {
        const overview = attempt === 0 ? await firstLook(sessionId) : await getBillingOverview();
        if (stopped) return;
        if (landed(overview)) {
          setConfirmation({ state: 'confirmed', overview });
          confirmed(overview);
          return;
        }
      } catch (caught) {
        if (stopped) return;
        const error = toApiError(caught);
        // A dropped connection or a busy server is worth asking again; anything else is not.
        if (error.code !== 'unavailable' && error.code !== 'rate_limited') {
          setConfirmation({ state: 'failed', error });
          return;
        }
      }
      if (Date.now() >= deadline) {
        setConfirmation({ state: 'slow' });
        return;
      }
      timer = setTimeout(() => void ask(attempt + 1), pause(attempt));
    };
    void ask(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [round, deadlineMs, sessionId]);

  return {
    ...confirmation,
    /** Starts asking again, with a new deadline. */
    checkAgain: () => {
      setConfirmation({ state: 'confirming' });
      setRound((current) => current + 1);
    },
  };
}
