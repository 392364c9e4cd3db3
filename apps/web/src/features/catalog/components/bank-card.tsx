import type { CatalogBank } from '@questa/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { BankFacts } from './bank-facts';
import { StarIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';
import './bank-card.css';

export function BankCard({ bank }: { bank: CatalogBank }) {
  const { t } = useI18n();
  return (
    <article className="bank-card">
      <div className="bank-card__top">
        <h2 className="bank-card__title">
          <Link to={`/banks/${bank.id}`} className="bank-card__link">
            {bank.title}
          </Link>
        </h2>
        {bank.visibility === 'premium' && (
          <Badge tone="premium">
            <StarIcon />
            {t('catalog.premium')}
          </Badge>
        )}
      </div>
      {bank.description && <p className="bank-card__description">{bank.description}</p>}
      <BankFacts bank={bank} className="bank-card__facts" />
      {bank.tags.length > 0 && (
        <ul className="bank-card__tags" aria-label={t('catalog.tags')}>
          {bank.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
