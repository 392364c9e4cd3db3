import {
  LEARNING,
  planFeatureKeys,
  type BillingInterval,
  type PlanFeatureKey,
} from '@questa/contracts/rules';
import type { Plan, PlanPrice } from '@questa/contracts';
import { useId, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { CheckIcon, CrossIcon, StarIcon } from '../../../components/ui/icons';
import { useI18n, type Translate } from '../../../lib/i18n';
import { formatMoney } from '../plan-prices';

/** One plan: its price at the interval shown, what it unlocks and what it does not, and an action. */
export function PlanCard({
  plan,
  price,
  shown,
  saving,
  current,
  action,
}: {
  plan: Plan;
  /** The price shown; none for the free tier, or a plan not sold in this currency and interval. */
  price: PlanPrice | undefined;
  /** The currency and interval the plans are compared in. */
  shown: { currency: string; interval: BillingInterval };
  /** What paying by the year saves, shown beside a yearly price. */
  saving: number | null;
  /** The learner's plan now. */
  current: boolean;
  action: ReactNode;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const paid = plan.kind === 'paid';
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });

  return (
    <article
      className={paid ? 'plan-card plan-card--paid' : 'plan-card'}
      aria-labelledby={headingId}
    >
      <header className="plan-card__header">
        <h3 id={headingId}>
          {paid && <StarIcon className="plan-card__star" />}
          {plan.name}
        </h3>
        {current && <Badge tone="success">{t('billing.plan.current')}</Badge>}
      </header>
      {plan.description && <p className="plan-card__description">{plan.description}</p>}
      <p className="plan-card__price">
        {!paid ? (
          <>
            <span className="plan-card__amount">{formatMoney(0, shown.currency, locale)}</span>{' '}
            <span className="plan-card__per">{t(`billing.interval.per.${shown.interval}`)}</span>
          </>
        ) : price ? (
          <>
            <span className="plan-card__amount">
              {formatMoney(price.amount, price.currency, locale)}
            </span>{' '}
            <span className="plan-card__per">{t(`billing.interval.per.${price.interval}`)}</span>
          </>
        ) : (
          <span className="plan-card__per">{t('billing.plan.notSoldHere')}</span>
        )}
      </p>
      {paid && price?.interval === 'year' && (
        <p className="plan-card__note">
          {t('billing.plan.monthlyEquivalent', {
            amount: formatMoney(Math.round(price.amount / 12), price.currency, locale),
          })}
          {saving !== null && (
            <>
              {' '}
              <Badge tone="premium">
                {t('billing.plan.save', { percent: percent.format(saving) })}
              </Badge>
            </>
          )}
        </p>
      )}
      {paid && plan.trialDays > 0 && (
        <p className="plan-card__note">{t('billing.plan.trial', { count: plan.trialDays })}</p>
      )}
      <ul
        className="plan-card__features"
        aria-label={t('billing.plan.features', { plan: plan.name })}
      >
        <Feature included>{t('billing.feature.publicBanks')}</Feature>
        {plan.features.unlimitedPractice ? null : (
          <Feature included>
            {t('billing.feature.dailyAllowance', { count: LEARNING.freeDailyAnswers })}
          </Feature>
        )}
        {planFeatureKeys.map((key) => (
          <Feature key={key} included={plan.features[key]}>
            {featureText(t, key, plan.features.livePlayerLimit)}
          </Feature>
        ))}
      </ul>
      <div className="plan-card__action">{action}</div>
    </article>
  );
}

function featureText(t: Translate, key: PlanFeatureKey, livePlayerLimit: number | null): string {
  if (key === 'hostLiveRooms' && livePlayerLimit !== null) {
    return t('billing.feature.hostLiveRoomsUpTo', { count: livePlayerLimit });
  }
  return t(`billing.feature.${key}`);
}

function Feature({ included, children }: { included: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <li className={included ? 'plan-feature' : 'plan-feature plan-feature--missing'}>
      {included ? <CheckIcon /> : <CrossIcon />}
      <span>
        <span className="visually-hidden">
          {included ? t('billing.feature.included') : t('billing.feature.notIncluded')}{' '}
        </span>
        {children}
      </span>
    </li>
  );
}
