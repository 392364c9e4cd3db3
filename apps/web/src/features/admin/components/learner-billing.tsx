import type { Invoice, LearnerBilling } from '@questa/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatDate, formatDateTime, formatMoney, useI18n } from '../../../lib/i18n';
import { useLearnerBilling } from '../api/get-learner-billing';
import { usePlans } from '../api/list-plans';
import { useUsers } from '../api/list-users';
import { priceLabel, statusTone } from '../billing-format';
import { LoadingRows } from './loading-rows';
import { RefundDialog } from './refund-dialog';
import { SavedNotice, useSavedNotice } from '../../../components/ui/saved-notice';
import { SubscriptionHistory } from './subscription-history';

/**
 * Everything billing knows about one learner, for an admin answering their question: premium now,
 * invoices with their refunds (refund from here), each subscription with every change the
 * partner reported, and checkouts.
 */
export function LearnerBillingView({ userId, backHref }: { userId: string; backHref: string }) {
  const { t } = useI18n();
  const billing = useLearnerBilling(userId);

  return (
    <section className="admin-section billing-learner">
      <p>
        <Link to={backHref} className="billing-link">
          {t('admin.learnerBilling.back')}
        </Link>
      </p>
      {billing.status === 'pending' && <LoadingRows label={t('admin.learnerBilling.loading')} />}
      {billing.status === 'error' && (
        <ProblemAlert
          title={t('admin.learnerBilling.loadFailed')}
          error={billing.error}
          onRetry={billing.retry}
        />
      )}
      {billing.status === 'success' && <LearnerBillingDetails data={billing.data} />}
    </section>
  );
}

function LearnerBillingDetails({ data }: { data: LearnerBilling }) {
  const { t, locale } = useI18n();
  const id = useId();
  const [refunding, setRefunding] = useState<Invoice>();
  const saved = useSavedNotice();
  const name = data.user.displayName || data.user.email;
  const { billing } = data;
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const invoiceNumber = (invoiceId: string) =>
    data.invoices.find((invoice) => invoice.id === invoiceId)?.number ?? t('admin.none');

  return (
    <>
      <div className="billing-learner__who">
        <h2 id={`${id}-title`}>{t('admin.learnerBilling.title', { name })}</h2>
        <p className="admin-secondary table__mono">{data.user.email}</p>
      </div>
      <SavedNotice notice={saved} />

      <dl className="billing-facts billing-facts--summary">
        <dt>{t('admin.learnerBilling.premiumNow')}</dt>
        <dd>
          <Badge tone={statusTone(billing.status)}>
            {t(`admin.billing.status.${billing.status}`)}
          </Badge>{' '}
          {billing.plan?.name}
        </dd>
        {billing.renewsAt && (
          <>
            <dt>{t('admin.learnerBilling.renews')}</dt>
            <dd>{formatDate(billing.renewsAt, locale)}</dd>
          </>
        )}
        {billing.endsAt && (
          <>
            <dt>{t('admin.learnerBilling.ends')}</dt>
            <dd>{formatDate(billing.endsAt, locale)}</dd>
          </>
        )}
        <dt>{t('admin.learnerBilling.grant')}</dt>
        <dd>
          {billing.grant === null
            ? t('admin.premium.none')
            : billing.grant.until === null
              ? t('admin.premium.untilRevokedStatus')
              : t('admin.premium.until', { date: formatDate(billing.grant.until, locale) })}
        </dd>
      </dl>

      <section className="admin-section" aria-labelledby={`${id}-invoices`}>
        <h3 id={`${id}-invoices`}>{t('admin.learnerBilling.invoices')}</h3>
        {data.invoices.length === 0 ? (
          <EmptyState title={t('admin.learnerBilling.noInvoices')} />
        ) : (
          <Table caption={t('admin.learnerBilling.invoices')} captionHidden>
            <thead>
              <tr>
                <th scope="col">{t('admin.learnerBilling.invoice')}</th>
                <th scope="col">{t('admin.learnerBilling.invoiceStatus')}</th>
                <th scope="col">{t('admin.learnerBilling.paid')}</th>
                <th scope="col">{t('admin.learnerBilling.refunded')}</th>
                <th scope="col">{t('admin.learnerBilling.period')}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((invoice) => {
                const left = invoice.amountPaid - invoice.amountRefunded;
                const label = invoice.number ?? formatDate(invoice.createdAt, locale);
                return (
                  <tr key={invoice.id}>
                    <th scope="row">
                      <div className="billing-row-head">
                        <span>
                          {invoice.hostedUrl ? (
                            <a href={invoice.hostedUrl} target="_blank" rel="noreferrer">
                              {label}
                            </a>
                          ) : (
                            label
                          )}
                          <span className="admin-secondary">
                            {formatDate(invoice.createdAt, locale)}
                          </span>
                        </span>
                        {invoice.status === 'paid' && left > 0 && (
                          <Button
                            variant="secondary"
                            className="button--small"
                            aria-label={t('admin.refund.openFor', { invoice: label })}
                            onClick={() => {
                              saved.clear();
                              setRefunding(invoice);
                            }}
                          >
                            {t('admin.refund.open')}
                          </Button>
                        )}
                      </div>
                    </th>
                    <td>{t(`admin.learnerBilling.invoiceState.${invoice.status}`)}</td>
                    <td className="table__nowrap">{money(invoice.amountPaid, invoice.currency)}</td>
                    <td className="table__nowrap">
                      {invoice.amountRefunded > 0
                        ? money(invoice.amountRefunded, invoice.currency)
                        : t('admin.none')}
                    </td>
                    <td className="table__nowrap">
                      {invoice.periodStart && invoice.periodEnd
                        ? `${formatDate(invoice.periodStart, locale)} – ${formatDate(invoice.periodEnd, locale)}`
                        : t('admin.none')}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </section>

      {data.refunds.length > 0 && (
        <section className="admin-section" aria-labelledby={`${id}-refunds`}>
          <h3 id={`${id}-refunds`}>{t('admin.learnerBilling.refunds')}</h3>
          <RefundsTable data={data} invoiceNumber={invoiceNumber} />
        </section>
      )}

      <section className="admin-section" aria-labelledby={`${id}-subscriptions`}>
        <h3 id={`${id}-subscriptions`}>{t('admin.learnerBilling.subscriptions')}</h3>
        {data.subscriptions.length === 0 ? (
          <EmptyState title={t('admin.learnerBilling.noSubscriptions')} />
        ) : (
          data.subscriptions.map((subscription) => (
            <SubscriptionHistory key={subscription.id} subscription={subscription} />
          ))
        )}
      </section>

      {data.checkouts.length > 0 && (
        <section className="admin-section" aria-labelledby={`${id}-checkouts`}>
          <h3 id={`${id}-checkouts`}>{t('admin.learnerBilling.checkouts')}</h3>
          <CheckoutsTable data={data} />
        </section>
      )}

      <RefundDialog
        invoice={refunding}
        learnerName={name}
        onClose={() => setRefunding(undefined)}
        onRefunded={(refund) => {
          setRefunding(undefined);
          saved.show(
            t('admin.refund.done', {
              amount: money(refund.amount, refund.currency),
              name,
            }),
          );
        }}
      />
    </>
  );
}

function RefundsTable({
  data,
  invoiceNumber,
}: {
  data: LearnerBilling;
  invoiceNumber: (invoiceId: string) => string;
}) {
  const { t, locale } = useI18n();
  const users = useUsers();
  const bySub = new Map(users.data?.map((user) => [user.sub, user.email]));
  return (
    <Table caption={t('admin.learnerBilling.refunds')} captionHidden>
      <thead>
        <tr>
          <th scope="col">{t('admin.learnerBilling.when')}</th>
          <th scope="col">{t('admin.learnerBilling.amount')}</th>
          <th scope="col">{t('admin.learnerBilling.invoice')}</th>
          <th scope="col">{t('admin.refund.reason')}</th>
          <th scope="col">{t('admin.learnerBilling.invoiceStatus')}</th>
          <th scope="col">{t('admin.learnerBilling.by')}</th>
        </tr>
      </thead>
      <tbody>
        {data.refunds.map((refund) => (
          <tr key={refund.id}>
            <th scope="row" className="table__nowrap">
              {formatDateTime(refund.createdAt, locale)}
            </th>
            <td className="table__nowrap">{formatMoney(refund.amount, refund.currency, locale)}</td>
            <td>{invoiceNumber(refund.invoiceId)}</td>
            <td>{refund.reason ? t(`admin.refund.reason.${refund.reason}`) : t('admin.none')}</td>
            <td>{t(`admin.refund.state.${refund.status}`)}</td>
            <td className="table__mono">
              {refund.createdBy === null
                ? t('admin.none')
                : (bySub.get(refund.createdBy) ?? refund.createdBy)}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function CheckoutsTable({ data }: { data: LearnerBilling }) {
  const { t, locale } = useI18n();
  const plans = usePlans();
  const priceById = new Map(
    plans.data?.plans.flatMap((plan) => plan.prices.map((price) => [price.id, { plan, price }])),
  );
  return (
    <Table caption={t('admin.learnerBilling.checkouts')} captionHidden>
      <thead>
        <tr>
          <th scope="col">{t('admin.learnerBilling.when')}</th>
          <th scope="col">{t('admin.subscribers.plan')}</th>
          <th scope="col">{t('admin.learnerBilling.invoiceStatus')}</th>
        </tr>
      </thead>
      <tbody>
        {data.checkouts.map((checkout) => {
          const bought = priceById.get(checkout.priceId);
          return (
            <tr key={checkout.id}>
              <th scope="row" className="table__nowrap">
                {formatDateTime(checkout.createdAt, locale)}
              </th>
              <td>
                {bought
                  ? `${bought.plan.name}, ${priceLabel(t, locale, bought.price)}`
                  : t('admin.none')}
              </td>
              <td>{t(`admin.learnerBilling.checkoutState.${checkout.status}`)}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
