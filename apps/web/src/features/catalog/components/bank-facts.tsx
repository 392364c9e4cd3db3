import type { CatalogBank } from '@questa/contracts';
import { GlobeIcon, QuestionsIcon } from '../../../components/ui/icons';
import { languageName, useI18n } from '../../../lib/i18n';

/** A bank's size and language, as the catalog card and the bank page both show them. */
export function BankFacts({
  bank,
  className,
}: {
  bank: Pick<CatalogBank, 'questionCount' | 'language'>;
  className: string;
}) {
  const { t, locale } = useI18n();
  return (
    <dl className={className}>
      <div>
        <dt className="visually-hidden">{t('catalog.questions')}</dt>
        <dd>
          <QuestionsIcon />
          {t('catalog.questionCount', { count: bank.questionCount })}
        </dd>
      </div>
      <div>
        <dt className="visually-hidden">{t('catalog.language')}</dt>
        <dd>
          <GlobeIcon />
          {languageName(bank.language, locale)}
        </dd>
      </div>
    </dl>
  );
}
