import type { SessionBilling } from '@questa/contracts';
import { Link } from 'react-router';
import { WarningIcon } from '../../../components/ui/icons';
import { formatDate, useI18n } from '../../../lib/i18n';
import './past-due-banner.css';

/**
 * Shown on every page while a renewal has failed: premium still runs while the partner retries,
 * and the fix (another card) is one link away.
 */
export function PastDueBanner({ billing }: { billing: SessionBilling }) {
  const { t, locale } = useI18n();
  return (
    <aside className="past-due-banner" aria-label={t('billing.banner.label')}>
      <div className="past-due-banner__inner">
        <WarningIcon />
        <p>
          {billing.endsAt
            ? t('billing.banner.until', { date: formatDate(billing.endsAt, locale) })
            : t('billing.banner.text')}
        </p>
        <Link to="/billing" className="past-due-banner__fix">
          {t('billing.banner.fix')}
        </Link>
      </div>
    </aside>
  );
}
