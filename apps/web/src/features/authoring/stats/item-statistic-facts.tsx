import type { ItemStatistic } from '@questa/contracts';
import { Badge } from '../../../components/ui/badge';
import { WarningIcon } from '../../../components/ui/icons';
import { useI18n } from '../../../lib/i18n';
import './item-statistics.css';

/** Formats a facility 0..1 as a whole percentage. */
export function formatFacility(facility: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    facility,
  );
}

/** Formats a discrimination -1..1 with two decimals, e.g. "0.31" or "−0.12". */
export function formatDiscrimination(discrimination: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(discrimination);
}

/**
 * One question's statistics as a line of facts: responses, facility, discrimination, and each
 * flag as a badge in words with a warning sign.
 */
export function ItemStatisticFacts({ statistic }: { statistic: ItemStatistic | undefined }) {
  const { t, locale } = useI18n();
  if (!statistic || statistic.responses === 0) {
    return <span className="item-stats-facts">{t('itemStats.noResponses')}</span>;
  }
  return (
    <span className="item-stats-facts">
      <span>{t('itemStats.responsesCount', { count: statistic.responses })}</span>
      <span>
        {t('itemStats.facilityValue', { value: formatFacility(statistic.facility, locale) })}
      </span>
      <span>
        {t('itemStats.discriminationValue', {
          value:
            statistic.discrimination === null
              ? t('itemStats.notEnough')
              : formatDiscrimination(statistic.discrimination, locale),
        })}
      </span>
      {statistic.flags.map((flag) => (
        <Badge key={flag} tone="danger">
          <WarningIcon />
          {t(`itemStats.flag.${flag}`)}
        </Badge>
      ))}
    </span>
  );
}
