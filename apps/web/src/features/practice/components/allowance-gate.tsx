import { useState, type ReactNode } from 'react';
import { PremiumOffer } from '../../../components/premium-offer';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { formatRelativeTime } from '../../../lib/relative-time';
import { useAllowance } from '../api/get-allowance';
import './quota-notice.css';

/**
 * Shows a free learner how many answers today still allows before they start, and when none is
 * left, says so and points to premium instead of offering a session that could not take an
 * answer. Until the allowance is known (or if it cannot be read) the start stays: the server
 * refuses a spent allowance all the same.
 */
export function AllowanceGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const allowance = useAllowance();
  if (allowance.status !== 'success' || allowance.data.limit === null) return children;
  const { limit, remaining, resetsAt } = allowance.data;
  if ((remaining ?? 0) <= 0) return <AllowanceSpent limit={limit} resetsAt={resetsAt} />;
  return (
    <>
      <p className="practice-start__allowance">
        {t('practice.allowance.left', { remaining: remaining ?? 0, limit })}
      </p>
      {children}
    </>
  );
}

/** Nothing left today: when it comes back, and the way to practise without a limit. */
export function AllowanceSpent({ limit, resetsAt }: { limit: number; resetsAt: string }) {
  const { t, locale } = useI18n();
  const [now] = useState(Date.now);
  return (
    <div className="practice-quota">
      <p>
        <strong>{t('practice.quota.title', { limit })}</strong>
      </p>
      <p>
        {t('practice.quota.resets', {
          when: formatRelativeTime(resetsAt, locale, now),
          time: formatDateTime(resetsAt, locale),
        })}
      </p>
      <PremiumOffer brief>
        <p>{t('practice.quota.startLater')}</p>
      </PremiumOffer>
    </div>
  );
}
