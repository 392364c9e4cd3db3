import type { BillingOverview } from '@questa/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { formatDate, useI18n } from '../../../lib/i18n';
import { setQueryData } from '../../../lib/use-query';
import { billingOverviewQueryKey } from '../api/get-billing-overview';
import { useCheckoutConfirmation } from '../use-checkout-confirmation';

/**
 * Where the partner's checkout sends the learner back: "Confirming your payment…" while the paid
 * session is applied (or, failing that, until the partner's webhook has switched premium on),
 * then "Premium is active"; a clear word if it takes too long, and a way to check again.
 */
export function CheckoutReturn({
  sessionId,
  deadlineMs,
  onConfirmed,
}: {
  /** The partner's checkout session named by the success address, if it named one. */
  sessionId: string | null;
  deadlineMs?: number;
  /** Premium changed: whatever shows it (the session, the header) should ask again. */
  onConfirmed: () => void;
}) {
  const { t, locale } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmation = useCheckoutConfirmation({
    sessionId,
    deadlineMs,
    onConfirmed: (overview: BillingOverview) => {
      setQueryData(billingOverviewQueryKey, overview);
      onConfirmed();
    },
  });
  const { state } = confirmation;

  // The heading changes with the outcome; a screen reader is taken to the new one.
  useEffect(() => {
    if (state !== 'confirming') heading.current?.focus();
  }, [state]);

  if (state === 'failed') {
    return (
      <ProblemAlert
        title={t('billing.return.failed')}
        error={confirmation.error}
        onRetry={confirmation.checkAgain}
      />
    );
  }

  const trialEnd =
    state === 'confirmed' && confirmation.overview.subscription?.status === 'trialing'
      ? confirmation.overview.subscription.trialEnd
      : null;

  return (
    <section
      className={`checkout-return checkout-return--${state}`}
      aria-labelledby="checkout-return"
    >
      {state === 'confirmed' && <CheckIcon className="checkout-return__mark" />}
      {state === 'confirming' && <span className="checkout-return__spinner" aria-hidden="true" />}
      <h2 id="checkout-return" ref={heading} tabIndex={-1}>
        {state === 'confirming'
          ? t('billing.return.confirming')
          : state === 'confirmed'
            ? t('billing.return.active')
            : t('billing.return.slow')}
      </h2>
      <p role="status">
        {state === 'confirming'
          ? t('billing.return.confirmingBody')
          : state === 'confirmed'
            ? trialEnd
              ? t('billing.return.trialBody', { date: formatDate(trialEnd, locale) })
              : t('billing.return.activeBody')
            : t('billing.return.slowBody')}
      </p>
      {state === 'confirmed' && (
        <div className="checkout-return__actions">
          <Link to="/" className={buttonClass('primary')}>
            {t('billing.return.browse')}
          </Link>
          <Link to="/billing" className={buttonClass('secondary')}>
            {t('billing.return.subscription')}
          </Link>
        </div>
      )}
      {state === 'slow' && (
        <div className="checkout-return__actions">
          <Button onClick={confirmation.checkAgain}>{t('billing.return.checkAgain')}</Button>
          <Link to="/billing" className={buttonClass('secondary')}>
            {t('billing.return.subscription')}
          </Link>
        </div>
      )}
    </section>
  );
}
