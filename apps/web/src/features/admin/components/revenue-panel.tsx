import type { RevenueReport } from '@questa/contracts';
import { useId, useState } from 'react';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Table } from '../../../components/ui/table';
import { formatMoney, useI18n } from '../../../lib/i18n';
import { useRevenue } from '../api/get-revenue';
import { LoadingRows } from './loading-rows';
import { ColumnChart, monthLabel, SubscriberFlowChart } from './revenue-chart';

const spans = [6, 12, 24, 36] as const;

/**
 * Monthly recurring revenue and subscribers now, and for each month MRR and active subscribers at
 * its end, who began, who left and what was collected: charts to look at, with the same numbers
 * in a table beside them.
 */
export function RevenuePanel() {
  const { t } = useI18n();
  const id = useId();
  const [months, setMonths] = useState<number>(12);
  const revenue = useRevenue(months);

  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <div className="billing-heading">
        <h2 id={`${id}-title`}>{t('admin.tab.revenue')}</h2>
        <div className="admin-field admin-field--inline">
          <label htmlFor={`${id}-months`}>{t('admin.revenue.span')}</label>
          <select
            id={`${id}-months`}
            value={months}
            onChange={(event) => setMonths(Number(event.target.value))}
          >
            {spans.map((span) => (
              <option key={span} value={span}>
                {t('admin.revenue.lastMonths', { count: span })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {revenue.status === 'pending' && <LoadingRows label={t('admin.revenue.loading')} />}
      {revenue.status === 'error' && (
        <ProblemAlert
          title={t('admin.revenue.loadFailed')}
          error={revenue.error}
          onRetry={revenue.retry}
        />
      )}
      {revenue.status === 'success' && <RevenueFigures report={revenue.data} />}
    </section>
  );
}

function RevenueFigures({ report }: { report: RevenueReport }) {
  const { t, locale } = useI18n();
  const id = useId();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const currencies = [
    ...new Set([
      ...report.mrr.map((m) => m.currency),
      ...report.months.flatMap((m) => [...m.mrr, ...m.collected].map((c) => c.currency)),
    ]),
  ].sort();
  const [chosen, setChosen] = useState<string>();
  const currency =
    chosen && currencies.includes(chosen) ? chosen : (report.mrr[0]?.currency ?? currencies[0]);
  const inCurrency = (amounts: { currency: string; amount: number }[], code: string) =>
    amounts.find((entry) => entry.currency === code)?.amount ?? 0;
  const moneyLines = (amounts: { currency: string; amount: number }[]) =>
    amounts.length === 0
      ? t('admin.none')
      : amounts.map((entry) => (
          <span key={entry.currency} className="billing-money-line">
            {money(entry.amount, entry.currency)}
          </span>
        ));
  const first = report.months[0];
  const last = report.months.at(-1);
  const span =
    first && last
      ? t('admin.revenue.spanLabel', {
          from: monthLabel(first.month, locale, 'long'),
          to: monthLabel(last.month, locale, 'long'),
        })
      : '';
  const tableNote = t('admin.revenue.tableNote');

  return (
    <>
      <dl className="billing-figures">
        <div className="billing-figure">
          <dt>{t('admin.revenue.mrr')}</dt>
          <dd>
            {report.mrr.length === 0
              ? money(0, currency ?? 'eur')
              : report.mrr.map((m) => <span key={m.currency}>{money(m.amount, m.currency)}</span>)}
          </dd>
        </div>
        <div className="billing-figure">
          <dt>{t('admin.revenue.active')}</dt>
          <dd>{report.activeSubscribers}</dd>
        </div>
        <div className="billing-figure">
          <dt>{t('admin.revenue.trialing')}</dt>
          <dd>{report.trialing}</dd>
        </div>
        <div className="billing-figure">
          <dt>{t('admin.revenue.pastDue')}</dt>
          <dd>{report.pastDue}</dd>
        </div>
      </dl>
      <p className="admin-secondary">{t('admin.revenue.mrrNote')}</p>

      <div className="billing-revenue">
        <div className="billing-revenue__charts">
          {currency && (
            <figure className="billing-revenue__chart" aria-labelledby={`${id}-mrr`}>
              <figcaption id={`${id}-mrr`} className="billing-revenue__caption">
                {t('admin.revenue.mrrTitle', { currency: currency.toUpperCase() })}
              </figcaption>
              {currencies.length > 1 && (
                <div className="admin-field admin-field--inline">
                  <label htmlFor={`${id}-currency`}>{t('admin.plans.currency')}</label>
                  <select
                    id={`${id}-currency`}
                    value={currency}
                    onChange={(event) => setChosen(event.target.value)}
                  >
                    {currencies.map((code) => (
                      <option key={code} value={code}>
                        {code.toUpperCase()}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <ColumnChart
                values={report.months.map((m) => ({
                  month: m.month,
                  value: inCurrency(m.mrr, currency),
                }))}
                locale={locale}
                format={(value) => money(value, currency)}
                summary={t('admin.revenue.mrrSummary', {
                  span,
                  from: money(first ? inCurrency(first.mrr, currency) : 0, currency),
                  to: money(last ? inCurrency(last.mrr, currency) : 0, currency),
                  table: tableNote,
                })}
              />
            </figure>
          )}
          <figure className="billing-revenue__chart" aria-labelledby={`${id}-active`}>
            <figcaption id={`${id}-active`} className="billing-revenue__caption">
              {t('admin.revenue.activeTitle')}
            </figcaption>
            <ColumnChart
              values={report.months.map((m) => ({ month: m.month, value: m.activeSubscribers }))}
              locale={locale}
              format={(value) => String(value)}
              summary={t('admin.revenue.activeSummary', {
                span,
                from: first?.activeSubscribers ?? 0,
                to: last?.activeSubscribers ?? 0,
                table: tableNote,
              })}
            />
          </figure>
          <figure className="billing-revenue__chart" aria-labelledby={`${id}-flow`}>
            <figcaption id={`${id}-flow`} className="billing-revenue__caption">
              {t('admin.revenue.flowTitle')}
            </figcaption>
            <SubscriberFlowChart
              months={report.months}
              locale={locale}
              summary={t('admin.revenue.flowSummary', {
                span,
                new: report.months.reduce((sum, m) => sum + m.newSubscribers, 0),
                churned: report.months.reduce((sum, m) => sum + m.churned, 0),
                table: tableNote,
              })}
            />
            <ul className="billing-legend">
              <li>
                <span className="billing-legend__swatch billing-chart__bar" aria-hidden="true" />
                {t('admin.revenue.newAbove')}
              </li>
              <li>
                <span
                  className="billing-legend__swatch billing-chart__churned"
                  aria-hidden="true"
                />
                {t('admin.revenue.churnedBelow')}
              </li>
            </ul>
          </figure>
        </div>
        <Table caption={t('admin.revenue.tableCaption', { span })}>
          <thead>
            <tr>
              <th scope="col">{t('admin.revenue.month')}</th>
              <th scope="col">{t('admin.revenue.mrrShort')}</th>
              <th scope="col">{t('admin.revenue.activeShort')}</th>
              <th scope="col">{t('admin.revenue.new')}</th>
              <th scope="col">{t('admin.revenue.churned')}</th>
              <th scope="col">{t('admin.revenue.collected')}</th>
            </tr>
          </thead>
          <tbody>
            {[...report.months].reverse().map((month) => (
              <tr key={month.month}>
                <th scope="row" className="table__nowrap">
                  {monthLabel(month.month, locale, 'long')}
                </th>
                <td className="table__nowrap">{moneyLines(month.mrr)}</td>
                <td>{month.activeSubscribers}</td>
                <td>{month.newSubscribers}</td>
                <td>{month.churned}</td>
                <td className="table__nowrap">{moneyLines(month.collected)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </>
  );
}
