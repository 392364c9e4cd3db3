import type { CatalogList } from '@questa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import type { QueryResult } from '../../../lib/use-query';
import { BankCard } from './bank-card';
import './bank-list.css';

const placeholderCount = 6;

/**
 * One page of the catalog as cards, with loading, empty and error states. An empty page says
 * what to change: the filters when some narrow it, nothing when the catalog itself is empty.
 */
export function BankList({
  catalog,
  narrowed,
  onClearFilters,
}: {
  catalog: QueryResult<CatalogList>;
  narrowed: boolean;
  onClearFilters: () => void;
}) {
  const t = useT();

  if (catalog.status === 'pending') {
    return (
      <div className="bank-grid" aria-busy="true">
        {Array.from({ length: placeholderCount }, (_, index) => (
          <div key={index} className="bank-grid__placeholder">
            <Skeleton width="70%" height="1.25rem" />
            <Skeleton height="0.875rem" />
            <Skeleton width="85%" height="0.875rem" />
            <Skeleton width="40%" height="0.875rem" />
          </div>
        ))}
      </div>
    );
  }

  if (catalog.status === 'error') {
    return (
      <ProblemAlert title={t('catalog.loadFailed')} error={catalog.error} onRetry={catalog.retry} />
    );
  }

  if (catalog.data.banks.length === 0) {
    if (!narrowed && catalog.data.total === 0) {
      return (
        <EmptyState title={t('catalog.emptyTitle')}>
          <p>{t('catalog.emptyBody')}</p>
        </EmptyState>
      );
    }
    return (
      <EmptyState title={t('catalog.noMatchTitle')}>
        <p>{t(catalog.data.total > 0 ? 'catalog.pastLastPage' : 'catalog.noMatchBody')}</p>
        <Button variant="secondary" onClick={onClearFilters}>
          {t('catalog.clearFilters')}
        </Button>
      </EmptyState>
    );
  }

  return (
    <ul className="bank-grid">
      {catalog.data.banks.map((bank) => (
        <li key={bank.id}>
          <BankCard bank={bank} />
        </li>
      ))}
    </ul>
  );
}
