import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMore } from '../../../components/ui/load-more';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table } from '../../../components/ui/table';
import { useT } from '../../../lib/i18n';
import { useBanks } from '../api/list-banks';
import { authorPaths } from '../paths';
import type { TenantAccess } from '../tenant-access';
import { NewBankForm } from './new-bank-form';
import { PublishingRule } from './publishing-rule';
import { VisibilityBadge } from './visibility-badge';

/** One tenant: its banks with their question counts, and for writers a form for a new bank. */
export function TenantBanks({ access }: { access: TenantAccess }) {
  const t = useT();
  const navigate = useNavigate();
  const headingId = useId();
  const { membership } = access;
  const { first, pages, hasMore, loadMore, more } = useBanks(membership.clientId);
  const [creating, setCreating] = useState(false);
  const banks = pages.flatMap((page) => page.banks);

  return (
    <section className="authoring-card" aria-labelledby={headingId}>
      <header className="authoring-card__header">
        <div className="authoring-card__title">
          <h2 id={headingId}>{membership.clientName}</h2>
          <span className="authoring-muted authoring-mono">{membership.clientSlug}</span>
          <Badge tone="info">{t(`tenantRole.${membership.role}`)}</Badge>
        </div>
        <div className="authoring-actions">
          {access.canGrade && (
            <Link
              className="authoring-link"
              to={authorPaths.grading(membership.clientId)}
              aria-label={t('grading.linkFor', { tenant: membership.clientName })}
            >
              {t('grading.title')}
            </Link>
          )}
          {access.canManageKeys && (
            <Link
              className="authoring-link"
              to={authorPaths.apiKeys(membership.clientId)}
              aria-label={t('apiKeys.linkFor', { tenant: membership.clientName })}
            >
              {t('apiKeys.title')}
            </Link>
          )}
          {access.canWrite && !creating && (
            <Button variant="secondary" onClick={() => setCreating(true)}>
              {t('author.newBank')}
            </Button>
          )}
        </div>
      </header>
      {(access.canWrite || access.canPublish) && <PublishingRule access={access} />}

      {creating && (
        <NewBankForm
          clientId={membership.clientId}
          onCancel={() => setCreating(false)}
          onCreated={(bank) => navigate(authorPaths.bank(membership.clientId, bank.id))}
        />
      )}

      {first.status === 'pending' && (
        <div role="status" className="authoring-loading">
          <span className="visually-hidden">{t('author.banksLoading')}</span>
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </div>
      )}
      {first.status === 'error' && (
        <ProblemAlert
          title={t('author.banksLoadFailed')}
          error={first.error}
          onRetry={first.retry}
        />
      )}
      {first.status === 'success' && banks.length === 0 && (
        <EmptyState title={t('author.noBanks')}>
          {access.canWrite && <p>{t('author.noBanksBody')}</p>}
        </EmptyState>
      )}
      {banks.length > 0 && (
        <Table caption={t('author.banksOf', { tenant: membership.clientName })} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('author.bank')}</th>
              <th scope="col">{t('author.visibility')}</th>
              <th scope="col">{t('catalog.questions')}</th>
            </tr>
          </thead>
          <tbody>
            {banks.map((bank) => (
              <tr key={bank.id}>
                <th scope="row">
                  <Link to={authorPaths.bank(membership.clientId, bank.id)}>{bank.title}</Link>
                  <span className="authoring-muted authoring-mono authoring-block">
                    {bank.slug}
                  </span>
                </th>
                <td>
                  <VisibilityBadge visibility={bank.visibility} />
                  {bank.archivedAt && <Badge>{t('bankLifecycle.badge')}</Badge>}
                </td>
                <td className="table__nowrap">
                  {t('catalog.questionCount', { count: bank.questionCount })}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <LoadMore
        hasMore={hasMore}
        state={more}
        label={t('author.loadMore')}
        errorTitle={t('author.banksLoadFailed')}
        onLoadMore={() => void loadMore()}
      />
    </section>
  );
}
