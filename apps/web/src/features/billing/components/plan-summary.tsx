import type { SessionBilling } from '@questa/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { formatDate, useI18n } from '../../../lib/i18n';
import { StatusBadge } from './status-badge';
import './billing.css';

/** The account page's word on premium: plan, state, renewal or end, and the way to manage it. */
export function PlanSummary({ billing }: { billing: SessionBilling }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const subscribed = billing.plan !== null;
  return (
    <section className="billing-section plan-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('billing.summary.title')}</h2>
      <dl className="billing-facts">
        <div>
          <dt>{t('billing.subscription.plan')}</dt>
          <dd>
            {billing.plan
              ? billing.interval
                ? t('billing.summary.planAt', {
                    plan: billing.plan.name,
                    interval: t(`billing.interval.${billing.interval}`),
                  })
                : billing.plan.name
              : t('billing.summary.free')}
          </dd>
        </div>
        {subscribed && (
          <div>
            <dt>{t('billing.summary.status')}</dt>
            <dd>
              <StatusBadge status={billing.status} />
            </dd>
          </div>
        )}
        {billing.renewsAt && (
          <div>
            <dt>{t('billing.subscription.renews')}</dt>
            <dd>{formatDate(billing.renewsAt, locale)}</dd>
          </div>
        )}
        {!billing.renewsAt && billing.endsAt && (
          <div>
            <dt>{t('billing.summary.premiumUntil')}</dt>
            <dd>{formatDate(billing.endsAt, locale)}</dd>
          </div>
        )}
        {billing.grant && (
          <div>
            <dt>{t('billing.grant.badge')}</dt>
            <dd>
              {billing.grant.until
                ? t('billing.grant.until', { date: formatDate(billing.grant.until, locale) })
                : t('billing.grant.open')}
            </dd>
          </div>
        )}
      </dl>
      {billing.pastDue && <p className="billing-section__note">{t('billing.summary.pastDue')}</p>}
      {billing.cancelAtPeriodEnd && billing.endsAt && (
        <p className="billing-section__note">
          {t('billing.canceling.title', { date: formatDate(billing.endsAt, locale) })}
        </p>
      )}
      <p>
        <Link to="/billing" className={buttonClass('secondary')}>
          {subscribed ? t('billing.summary.manage') : t('billing.summary.upgrade')}
        </Link>
      </p>
    </section>
  );
}
