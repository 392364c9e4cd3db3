import { Badge } from '../../../components/ui/badge';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { formatDate, formatMoney, useI18n } from '../../../lib/i18n';
import { useWorkspaceInvoices } from '../api/list-workspace-invoices';

const tones = {
  draft: 'neutral',
  open: 'danger',
  paid: 'success',
  uncollectible: 'danger',
  void: 'neutral',
} as const;

/** The workspace's invoices, newest first: the first seats, each change of seats, renewals. */
export function WorkspaceInvoices({ clientId }: { clientId: string }) {
  const { t, locale } = useI18n();
  const invoices = useWorkspaceInvoices(clientId);
  return (
    <section className="workspace-plan__section" aria-labelledby="workspace-invoices-title">
      <h2 id="workspace-invoices-title">{t('workspacePlan.invoices.title')}</h2>
      {invoices.status === 'pending' && (
        <div aria-busy="true">
          <p role="status" className="visually-hidden">
            {t('workspacePlan.invoices.loading')}
          </p>
          <Skeleton height="5rem" />
        </div>
      )}
      {invoices.status === 'error' && (
        <ProblemAlert
          title={t('workspacePlan.invoices.loadFailed')}
          error={invoices.error}
          onRetry={invoices.retry}
        />
      )}
      {invoices.status === 'success' && invoices.data.invoices.length === 0 && (
        <p className="workspace-plan__note">{t('workspacePlan.invoices.empty')}</p>
      )}
      {invoices.status === 'success' && invoices.data.invoices.length > 0 && (
        <Table caption={t('workspacePlan.invoices.title')} captionHidden stackOnNarrow>
          <thead>
            <tr>
              <th scope="col">{t('workspacePlan.invoices.date')}</th>
              <th scope="col">{t('workspacePlan.invoices.amount')}</th>
              <th scope="col">{t('workspacePlan.invoices.status')}</th>
              <th scope="col">{t('workspacePlan.invoices.links')}</th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <td data-label={t('workspacePlan.invoices.date')}>
                  {formatDate(invoice.createdAt, locale)}
                </td>
                <td data-label={t('workspacePlan.invoices.amount')}>
                  {formatMoney(
                    invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue,
                    invoice.currency,
                    locale,
                  )}
                </td>
                <td data-label={t('workspacePlan.invoices.status')}>
                  <Badge tone={tones[invoice.status]}>
                    {t(`workspacePlan.invoices.state.${invoice.status}`)}
                  </Badge>
                </td>
                <td data-label={t('workspacePlan.invoices.links')}>
                  {invoice.hostedUrl && (
                    <a href={invoice.hostedUrl}>
                      {invoice.status === 'open'
                        ? t('workspacePlan.invoices.payNow')
                        : t('workspacePlan.invoices.receipt')}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
