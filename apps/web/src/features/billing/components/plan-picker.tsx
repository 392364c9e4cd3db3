import type { BillingInterval } from '@questa/contracts/rules';
import type { Plan } from '@questa/contracts';
import { useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { formatDate, useI18n } from '../../../lib/i18n';
import { useStartCheckout } from '../api/start-checkout';
import { currenciesOf, intervalsOf, priceOf, yearlySaving } from '../plan-prices';
import { PlanCard } from './plan-card';

export interface PlanViewer {
  signedIn: boolean;
  /** Where signing in starts, coming back to the plans. */
  signInHref: string;
  /** The plan of the learner's running subscription (trial, active or past due), if any. */
  subscribedPlanId: string | null;
  /** Premium an admin granted: the free tier is not what the learner has, though no plan is. */
  granted?: boolean;
  /** When the granted premium ends; null when it does not. */
  grantedUntil?: string | null;
  /** Opens the partner's portal, where a subscriber changes plans; absent without a subscription. */
  onChangePlan?: () => void;
  changingPlan?: boolean;
  /** The currency and interval to show first: the subscription's, when there is one. */
  currency?: string;
  interval?: BillingInterval;
}

/**
 * The plans side by side at one interval (and currency), each with what it unlocks. Subscribe
 * sends the browser to the partner's hosted checkout; the button stays pending until it leaves.
 */
export function PlanPicker({ plans, viewer }: { plans: readonly Plan[]; viewer: PlanViewer }) {
  const { t, locale } = useI18n();
  const checkout = useStartCheckout();
  const leaving = checkout.starting;
  // A learner who already has premium by a grant is told before paying for it as well.
  const [confirming, setConfirming] = useState<string | null>(null);
  const subscribe = (priceId: string) => {
    if (viewer.granted) setConfirming(priceId);
    else void checkout.start(priceId);
  };
  const currencies = currenciesOf(plans);
  const [chosenCurrency, setCurrency] = useState(viewer.currency);
  const currency =
    chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? '');
  const intervals = intervalsOf(plans, currency);
  const [chosenInterval, setInterval] = useState(viewer.interval);
  const interval =
    chosenInterval && intervals.includes(chosenInterval)
      ? chosenInterval
      : (intervals[0] ?? 'month');

  const subscribed = viewer.subscribedPlanId !== null;
  return (
    <div className="plan-picker">
      {(intervals.length > 1 || currencies.length > 1) && (
        <div className="plan-picker__choices">
          {intervals.length > 1 && (
            <Segmented
              legend={t('billing.interval.legend')}
              value={interval}
              options={intervals.map((value) => ({
                value,
                label: t(`billing.interval.${value}`),
              }))}
              onChange={(value) => setInterval(value as BillingInterval)}
            />
          )}
          {currencies.length > 1 && (
            <Segmented
              legend={t('billing.currency.legend')}
              value={currency}
              options={currencies.map((value) => ({ value, label: value.toUpperCase() }))}
              onChange={setCurrency}
            />
          )}
        </div>
      )}
      <div className="plan-picker__plans">
        {plans.map((plan) => {
          const price = priceOf(plan, currency, interval);
          const current =
            viewer.signedIn &&
            (plan.kind === 'free'
              ? !subscribed && !viewer.granted
              : viewer.subscribedPlanId === plan.id);
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              price={price}
              shown={{ currency, interval }}
              saving={interval === 'year' ? yearlySaving(plan, currency) : null}
              current={current}
              action={
                plan.kind === 'free' || current || !price ? null : !viewer.signedIn ? (
                  <a href={viewer.signInHref} className={buttonClass('primary')}>
                    {t('billing.plan.signInToSubscribe')}
                  </a>
                ) : subscribed ? (
                  viewer.onChangePlan && (
                    <Button
                      variant="secondary"
                      disabled={viewer.changingPlan}
                      onClick={viewer.onChangePlan}
                    >
                      {t('billing.plan.change')}
                    </Button>
                  )
                ) : (
                  <Button
                    disabled={leaving !== null}
                    aria-label={t('billing.plan.subscribeTo', {
                      plan: plan.name,
                      interval: t(`billing.interval.${interval}`),
                    })}
                    onClick={() => subscribe(price.id)}
                  >
                    {leaving === price.id ? t('billing.plan.opening') : t('billing.plan.subscribe')}
                  </Button>
                )
              }
            />
          );
        })}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('billing.plan.alreadyPremium.title')}
        confirmLabel={t('billing.plan.alreadyPremium.confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const priceId = confirming;
          setConfirming(null);
          if (priceId) void checkout.start(priceId);
        }}
      >
        <p>
          {viewer.grantedUntil
            ? t('billing.plan.alreadyPremium.until', {
                date: formatDate(viewer.grantedUntil, locale),
              })
            : t('billing.plan.alreadyPremium.noEnd')}
        </p>
        <p>{t('billing.plan.alreadyPremium.body')}</p>
      </ConfirmDialog>
      {leaving !== null && (
        <p role="status" className="visually-hidden">
          {t('billing.plan.opening')}
        </p>
      )}
      {checkout.error &&
        (checkout.error.code === 'validation.failed' ? (
          <div className="billing-note billing-note--warn" role="alert">
            <p>{t('billing.checkout.refused')}</p>
          </div>
        ) : (
          <ProblemAlert title={t('billing.checkout.failed')} error={checkout.error} />
        ))}
    </div>
  );
}

function Segmented({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
