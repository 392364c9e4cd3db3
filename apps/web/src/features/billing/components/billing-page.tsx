import type { BillingOverview, SessionBilling } from '@questa/contracts';
import { CHECKOUT_SESSION_PARAM } from '@questa/contracts/rules';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useBillingOverview } from '../api/get-billing-overview';
import { usePlans } from '../api/get-plans';
import { useOpenPortal } from '../api/open-portal';
import { useSettlingRefresh } from '../use-settling-refresh';
import { CheckoutReturn } from './checkout-return';
import { InvoiceList } from './invoice-list';
import { PlanPicker, type PlanViewer } from './plan-picker';
import { SubscriptionPanel } from './subscription-panel';
import './billing.css';

export interface BillingViewer {
  signedIn: boolean;
  signInHref: string;
  /** What the session says of premium now, to notice when the server knows better. */
  billing: SessionBilling | undefined;
}

const running = (overview: BillingOverview) =>
  overview.subscription !== null &&
  ['trialing', 'active', 'past_due'].includes(overview.subscription.status);

/** What decides what the rest of the app shows about premium. */
const gist = (billing: SessionBilling | undefined) =>
  billing &&
  JSON.stringify([
    billing.status,
    billing.plan?.id,
    billing.pastDue,
    billing.cancelAtPeriodEnd,
    billing.features,
  ]);

/**
 * `/billing`: the plans side by side, and for a signed-in learner their premium, the partner's
 * portal to manage it, and their invoices. `?checkout=success` is where the partner's checkout
 * comes back to, `?checkout=canceled` where it is left.
 */
export function BillingPage({
  viewer,
  onPremiumChanged,
}: {
  viewer: BillingViewer;
  /** Premium changed at the partner: the session, the header and the banner should ask again. */
  onPremiumChanged: () => void;
}) {
  const t = useT();
  const [params] = useSearchParams();
  const returned = params.get('checkout');

  if (viewer.signedIn && returned === 'success') {
    return (
      <CheckoutReturn
        sessionId={params.get(CHECKOUT_SESSION_PARAM)}
        onConfirmed={onPremiumChanged}
      />
    );
  }
  return (
    <>
      {returned === 'canceled' && (
        <div className="billing-note" role="status">
          <p>{t('billing.return.canceled')}</p>
        </div>
      )}
      {viewer.signedIn ? (
        <SignedInBilling viewer={viewer} onPremiumChanged={onPremiumChanged} />
      ) : (
        <PlansSection
          viewer={{ signedIn: false, signInHref: viewer.signInHref, subscribedPlanId: null }}
        />
      )}
    </>
  );
}

function SignedInBilling({
  viewer,
  onPremiumChanged,
}: {
  viewer: BillingViewer;
  onPremiumChanged: () => void;
}) {
  const t = useT();
  const overview = useBillingOverview();
  const portal = useOpenPortal();
  useSettlingRefresh();

  const fresh = overview.data && gist(overview.data.billing);
  const known = gist(viewer.billing);
  useEffect(() => {
    if (fresh && known && fresh !== known) onPremiumChanged();
  }, [fresh, known, onPremiumChanged]);

  if (overview.status === 'pending') {
    return (
      <div className="billing-loading" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('billing.loading')}
        </p>
        <Skeleton height="8rem" />
        <Skeleton height="16rem" />
      </div>
    );
  }
  if (overview.status === 'error') {
    return (
      <ProblemAlert
        title={t('billing.loadFailed')}
        error={overview.error}
        onRetry={overview.retry}
      />
    );
  }

  const data = overview.data;
  const subscription = running(data) ? data.subscription : null;
  const hasHistory = data.subscription !== null || data.billing.grant !== null;
  return (
    <>
      {(hasHistory || data.pendingCheckout) && (
        <SubscriptionPanel overview={data} portal={portal} />
      )}
      <PlansSection
        viewer={{
          signedIn: true,
          signInHref: viewer.signInHref,
          subscribedPlanId: subscription?.plan?.id ?? null,
          granted: data.billing.grant !== null,
          grantedUntil: data.billing.grant?.until ?? null,
          ...(subscription && {
            onChangePlan: () => void portal.open(subscription.id),
            changingPlan: portal.busy,
          }),
          ...(subscription?.price && {
            currency: subscription.price.currency,
            interval: subscription.price.interval,
          }),
        }}
      />
      {data.subscription !== null && <InvoiceList />}
    </>
  );
}

function PlansSection({ viewer }: { viewer: PlanViewer }) {
  const t = useT();
  const headingId = useId();
  const plans = usePlans();
  return (
    <section className="billing-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('billing.plans.title')}</h2>
      {plans.status === 'pending' && (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('billing.plans.loading')}
          </p>
          <Skeleton height="20rem" />
        </div>
      )}
      {plans.status === 'error' && (
        <ProblemAlert
          title={t('billing.plans.loadFailed')}
          error={plans.error}
          onRetry={plans.retry}
        />
      )}
      {plans.status === 'success' && <PlanPicker plans={plans.data.plans} viewer={viewer} />}
    </section>
  );
}
