import { EmptyState } from '../../../components/ui/empty-state';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useCatalog } from '../api/get-catalog';
import { BankCard } from './bank-card';
import './bank-list.css';

const placeholderCount = 6;

/** Every bank the reader may see, as cards, with loading, empty and error states. */
export function BankList() {
  const t = useT();
  const catalog = useCatalog();

  if (catalog.status === 'pending') {
    return (
      <div className="bank-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('catalog.loading')}
        </p>
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
    return (
      <EmptyState title={t('catalog.emptyTitle')}>
        <p>{t('catalog.emptyBody')}</p>
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
