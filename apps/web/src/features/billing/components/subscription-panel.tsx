import type { BillingOverview } from '@questa/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { formatDate, useI18n } from '../../../lib/i18n';
import type { Portal } from '../api/open-portal';
import { formatMoney } from '../plan-prices';
import { StatusBadge } from './status-badge';

/**
 * The learner's premium: plan, status, the next charge or the end, a failed payment or a
 * cancellation under way, and the way to the partner's portal to change any of it.
 */
export function SubscriptionPanel({
  overview,
  portal,
}: {
  overview: BillingOverview;
  portal: Portal;
}) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const { billing, subscription, pendingCheckout } = overview;
  const running =
    subscription !== null && ['trialing', 'active', 'past_due'].includes(subscription.status);
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : '');

  return (
    <section className="billing-section subscription-panel" aria-labelledby={headingId}>
      <div className="billing-section__heading">
        <h2 id={headingId}>{t('billing.subscription.title')}</h2>
        {billing.status !== 'none' && <StatusBadge status={billing.status} />}
      </div>

      {billing.pastDue && (
        <div className="billing-note billing-note--warn" role="alert">
          <p>
            <strong>{t('billing.pastDue.title')}</strong>{' '}
            {billing.endsAt
              ? t('billing.pastDue.until', { date: date(billing.endsAt) })
              : t('billing.pastDue.body')}
          </p>
          {subscription && (
            <Button onClick={() => void portal.open(subscription.id)} disabled={portal.busy}>
              {t('billing.pastDue.fix')}
            </Button>
          )}
        </div>
      )}
      {running && billing.cancelAtPeriodEnd && billing.endsAt && (
        <div className="billing-note">
          <p>
            <strong>{t('billing.canceling.title', { date: date(billing.endsAt) })}</strong>{' '}
            {t('billing.canceling.body')}
          </p>
        </div>
      )}

      {subscription && running ? (
        <dl className="billing-facts">
          <div>
            <dt>{t('billing.subscription.plan')}</dt>
            <dd>{subscription.plan?.name ?? t('billing.subscription.unknownPlan')}</dd>
          </div>
          {subscription.price && (
            <div>
              <dt>{t('billing.subscription.price')}</dt>
              <dd>
                {formatMoney(subscription.price.amount, subscription.price.currency, locale)}{' '}
                {t(`billing.interval.per.${subscription.price.interval}`)}
              </dd>
            </div>
          )}
          {subscription.status === 'trialing' && subscription.trialEnd && (
            <div>
              <dt>{t('billing.subscription.trialEnds')}</dt>
              <dd>{date(subscription.trialEnd)}</dd>
            </div>
          )}
          {billing.renewsAt ? (
            <div>
              <dt>{t('billing.subscription.renews')}</dt>
              <dd>{date(billing.renewsAt)}</dd>
            </div>
          ) : (
            billing.endsAt && (
              <div>
                <dt>{t('billing.subscription.ends')}</dt>
                <dd>{date(billing.endsAt)}</dd>
              </div>
            )
          )}
        </dl>
      ) : (
        <p>
          {subscription?.endedAt
            ? t('billing.subscription.ended', {
                plan: subscription.plan?.name ?? '',
                date: date(subscription.endedAt),
              })
            : t('billing.subscription.none')}
        </p>
      )}

      {billing.grant && (
        <p className="billing-section__note">
          <Badge tone="premium">{t('billing.grant.badge')}</Badge>{' '}
          {billing.grant.until
            ? t('billing.grant.until', { date: date(billing.grant.until) })
            : t('billing.grant.open')}
        </p>
      )}

      {!running && pendingCheckout?.status === 'open' && pendingCheckout.url && (
        <p className="billing-section__note">
          {t('billing.checkout.pending')}{' '}
          <a href={pendingCheckout.url}>{t('billing.checkout.continue')}</a>
        </p>
      )}

      {subscription && running && (
        <div className="subscription-panel__manage">
          <Button
            variant="secondary"
            onClick={() => void portal.open(subscription.id)}
            disabled={portal.busy}
          >
            {portal.busy ? t('billing.manage.opening') : t('billing.manage.button')}
          </Button>
          <p className="billing-section__note">{t('billing.manage.help')}</p>
        </div>
      )}
      {portal.error && <ProblemAlert title={t('billing.manage.failed')} error={portal.error} />}
    </section>
  );
}
