import type { SubscriberDetail, SubscriptionStatus } from '@questa/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Table } from '../../../components/ui/table';
import { formatDate, formatDateTime, useI18n, useT } from '../../../lib/i18n';
import { usePlans } from '../api/list-plans';
import { priceLabel, statusTone } from '../billing-format';

const fieldKeys = [
  'status',
  'partnerStatus',
  'planId',
  'priceId',
  'currentPeriodStart',
  'currentPeriodEnd',
  'cancelAtPeriodEnd',
  'trialEnd',
  'endedAt',
] as const;
const isFieldKey = (key: string): key is (typeof fieldKeys)[number] =>
  fieldKeys.some((known) => known === key);

/** The words for one field of a change and its values, as an admin reads them. */
function useChangeWords() {
  const { t, locale } = useI18n();
  const plans = usePlans();
  const prices = new Map(
    plans.data?.plans.flatMap((plan) => plan.prices.map((price) => [price.id, price])),
  );
  const planNames = new Map(plans.data?.plans.map((plan) => [plan.id, plan.name]));

  // A field a newer server records, and this client has no words for, shows by its name.
  const field = (key: string) => (isFieldKey(key) ? t(`admin.learnerBilling.field.${key}`) : key);
  const value = (key: string, raw: unknown): string => {
    if (raw === null || raw === undefined) return t('admin.none');
    if (typeof raw === 'boolean') {
      return raw ? t('admin.learnerBilling.yes') : t('admin.learnerBilling.no');
    }
    const text = String(raw);
    if (key === 'status' && t.has(`admin.billing.status.${text}`)) {
      return t(`admin.billing.status.${text as SubscriptionStatus}`);
    }
    if (key === 'planId') return planNames.get(text) ?? text;
    if (key === 'priceId') {
      const price = prices.get(text);
      return price ? priceLabel(t, locale, price) : text;
    }
    return /^\d{4}-\d{2}-\d{2}T/.test(text) ? formatDateTime(text, locale) : text;
  };
  return { field, value };
}

/** What a change changed; a subscription's first record says what it started with. */
function ChangeList({ change }: { change: SubscriberDetail['history'][number] }) {
  const t = useT();
  const words = useChangeWords();
  const started = Object.keys(change.before).length === 0;
  const keys = Object.keys(change.after).filter((key) =>
    started
      ? change.after[key] !== null && key !== 'status' && key !== 'partnerStatus'
      : JSON.stringify(change.before[key] ?? null) !== JSON.stringify(change.after[key] ?? null),
  );
  if (!started && keys.length === 0) return <>{t('admin.learnerBilling.noDifference')}</>;
  return (
    <ul className="billing-changes">
      {started && (
        <li>
          {t('admin.learnerBilling.started', { status: words.value('status', change.status) })}
        </li>
      )}
      {keys.map((key) => (
        <li key={key}>
          {words.field(key)}:{' '}
          {started
            ? words.value(key, change.after[key])
            : `${words.value(key, change.before[key])} → ${words.value(key, change.after[key])}`}
        </li>
      ))}
    </ul>
  );
}

/** One subscription and every change the partner reported or reconciling found, oldest first. */
export function SubscriptionHistory({ subscription }: { subscription: SubscriberDetail }) {
  const { t, locale } = useI18n();
  const id = useId();
  return (
    <article className="billing-card" aria-labelledby={`${id}-title`}>
      <div className="billing-card__head">
        <h4 id={`${id}-title`}>
          {subscription.plan?.name ?? t('admin.none')}
          {subscription.price && `, ${priceLabel(t, locale, subscription.price)}`}
        </h4>
        <Badge tone={statusTone(subscription.status)}>
          {t(`admin.billing.status.${subscription.status}`)}
        </Badge>
      </div>
      <p className="admin-secondary">
        {[
          t('admin.learnerBilling.since', { date: formatDate(subscription.startedAt, locale) }),
          subscription.endedAt
            ? t('admin.subscribers.endedOn', { date: formatDate(subscription.endedAt, locale) })
            : subscription.currentPeriodEnd &&
              (subscription.cancelAtPeriodEnd
                ? t('admin.learnerBilling.endsOn', {
                    date: formatDate(subscription.currentPeriodEnd, locale),
                  })
                : t('admin.learnerBilling.renewsOn', {
                    date: formatDate(subscription.currentPeriodEnd, locale),
                  })),
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {subscription.history.length === 0 ? (
        <p className="admin-secondary">{t('admin.learnerBilling.noChanges')}</p>
      ) : (
        <Table caption={t('admin.learnerBilling.historyOf', { id: subscription.id })} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('admin.learnerBilling.when')}</th>
              <th scope="col">{t('admin.subscribers.status')}</th>
              <th scope="col">{t('admin.learnerBilling.change')}</th>
              <th scope="col">{t('admin.learnerBilling.source')}</th>
            </tr>
          </thead>
          <tbody>
            {subscription.history.map((change, index) => (
              <tr key={`${change.at}-${index}`}>
                <th scope="row" className="table__nowrap">
                  {formatDateTime(change.at, locale)}
                </th>
                <td>{t(`admin.billing.status.${change.status}`)}</td>
                <td>
                  <ChangeList change={change} />
                </td>
                <td>{t(`admin.learnerBilling.source.${change.source}`)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </article>
  );
}
