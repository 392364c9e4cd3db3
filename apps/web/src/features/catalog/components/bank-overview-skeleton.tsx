import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import './bank-overview.css';

export function BankOverviewSkeleton() {
  const t = useT();
  return (
    <div className="bank-overview" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('bank.loading')}
      </p>
      <div className="bank-overview__header">
        <Skeleton width="min(24rem, 80%)" height="2.25rem" />
        <Skeleton width="14rem" />
        <Skeleton width="min(40rem, 100%)" height="1.25rem" />
      </div>
      <div className="bank-overview__sections">
        <div className="bank-overview__panel">
          <Skeleton width="6rem" height="1.25rem" />
          <Skeleton height="0.75rem" />
          <Skeleton width="70%" height="0.75rem" />
          <Skeleton width="45%" height="0.75rem" />
        </div>
      </div>
    </div>
  );
}
