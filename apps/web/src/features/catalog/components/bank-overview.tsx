import type { CatalogBankDetail, QuestionType } from '@questa/contracts';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { BankFacts } from './bank-facts';
import { StarIcon } from '../../../components/ui/icons';
import { formatDate, useI18n } from '../../../lib/i18n';
import { TopicChart } from './topic-chart';
import './bank-overview.css';

/**
 * What a bank holds: its facts, its topics with their sizes, and the kinds of question it asks.
 * `actions` are the ways to start on it (practice, exams), which the page composes from their
 * own features.
 */
export function BankOverview({ bank, actions }: { bank: CatalogBankDetail; actions?: ReactNode }) {
  const { t, locale } = useI18n();
  // The contract sends types as plain strings; one this client does not know is shown as sent.
  const typeName = (type: string) => {
    const key = `questionType.${type}`;
    return t.has(key) ? t(key as `questionType.${QuestionType}`) : type;
  };

  return (
    <article className="bank-overview">
      <header className="bank-overview__header">
        <div className="bank-overview__title">
          <h1>{bank.title}</h1>
          {bank.visibility === 'premium' && (
            <Badge tone="premium">
              <StarIcon />
              {t('catalog.premium')}
            </Badge>
          )}
        </div>
        <BankFacts bank={bank} className="bank-overview__facts" />
        {bank.description && <p className="bank-overview__description">{bank.description}</p>}
        {bank.tags.length > 0 && (
          <ul className="bank-overview__tags" aria-label={t('catalog.tags')}>
            {bank.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        )}
        <p className="bank-overview__updated">
          {t('bank.updated', { date: formatDate(bank.updatedAt, locale) })}
        </p>
      </header>

      {actions && <div className="bank-overview__start">{actions}</div>}

      <div className="bank-overview__sections">
        <section className="bank-overview__panel" aria-labelledby="bank-topics">
          <h2 id="bank-topics">{t('bank.topics')}</h2>
          <TopicChart topics={bank.topics} />
        </section>
        {bank.questionTypes.length > 0 && (
          <section className="bank-overview__panel" aria-labelledby="bank-types">
            <h2 id="bank-types">{t('bank.questionTypes')}</h2>
            <ul className="bank-overview__types">
              {bank.questionTypes.map((type) => (
                <li key={type}>{typeName(type)}</li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
