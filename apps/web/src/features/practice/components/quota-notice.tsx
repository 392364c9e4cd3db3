import { useId, useState } from 'react';
import { PremiumOffer } from '../../../components/premium-offer';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';
import './quota-notice.css';

/**
 * Why a free learner cannot answer now, when that changes, and what premium would give. The
 * answer typed stays in its form above, to be sent once the allowance is back.
 */
export function QuotaNotice({ limit, resetsAt }: { limit: number | null; resetsAt: string }) {
  const { t, locale } = useI18n();
  const headingId = useId();
  const [now] = useState(Date.now);
  return (
    <section className="practice-quota" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('practice.quota.title', { limit: limit ?? 0 })}</h2>
      <p>
        {t('practice.quota.resets', {
          when: formatRelativeTime(resetsAt, locale, now),
          time: formatDateTime(resetsAt, locale),
        })}
      </p>
      <p>{t('practice.quota.kept')}</p>
      <PremiumOffer />
    </section>
  );
}
