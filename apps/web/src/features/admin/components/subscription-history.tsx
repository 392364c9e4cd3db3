import type { SubscriberDetail } from '@questa/contracts';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Table } from '../../../components/ui/table';
import { formatDate, formatDateTime, useI18n } from '../../../lib/i18n';
import { priceLabel, statusTone } from '../billing-format';

/** A value in a change as the partner reported it: dates in the reader's way, the rest as is. */
function changedValue(value: unknown, locale: string): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) {
    return formatDateTime(value, locale);
  }
  return value === null || value === undefined ? '—' : String(value);
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
            {subscription.history.map((change, index) => {
              const keys = Object.keys(change.after).filter(
                (key) => JSON.stringify(change.before[key]) !== JSON.stringify(change.after[key]),
              );
              return (
                <tr key={`${change.at}-${index}`}>
                  <th scope="row" className="table__nowrap">
                    {formatDateTime(change.at, locale)}
                  </th>
                  <td>{t(`admin.billing.status.${change.status}`)}</td>
                  <td>
                    {keys.length === 0 ? (
                      t('admin.learnerBilling.noDifference')
                    ) : (
                      <ul className="billing-changes">
                        {keys.map((key) => (
                          <li key={key}>
                            <span className="table__mono">{key}</span>:{' '}
                            {changedValue(change.before[key], locale)} →{' '}
                            {changedValue(change.after[key], locale)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{t(`admin.learnerBilling.source.${change.source}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </article>
  );
}
