import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { buttonClass } from './ui/button';
import { StarIcon } from './ui/icons';
import './premium-offer.css';

/**
 * What premium gives, and the way to the plans. Every place where a learner meets premium (the
 * daily allowance, a premium bank, exam mode, detailed analytics, hosting) shows this, so each
 * of them leads to `/billing`.
 */
export function PremiumOffer({
  children,
  brief = false,
}: {
  children?: ReactNode;
  /** Only the reason and the link: where the full offer is already on the page. */
  brief?: boolean;
}) {
  const t = useT();
  return (
    <div className="premium-offer">
      {children}
      {!brief && (
        <>
          <p>{t('premium.offer.gives')}</p>
          <ul>
            <li>{t('premium.offer.banks')}</li>
            <li>{t('premium.offer.unlimited')}</li>
            <li>{t('premium.offer.exams')}</li>
            <li>{t('premium.offer.analytics')}</li>
            <li>{t('premium.offer.host')}</li>
          </ul>
        </>
      )}
      <p>
        <Link to="/billing" className={buttonClass('primary', 'premium-offer__action')}>
          <StarIcon />
          {t('premium.offer.action')}
        </Link>
      </p>
    </div>
  );
}
