import { ACCOUNT_DELETION_GRACE_DAYS } from '@questa/contracts/rules';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { PageTitle } from '../../components/ui/page-title';
import { StatusPage } from '../../components/ui/status-page';
import { signInUrl } from '../../features/auth/sign-in-url';
import { formatDateTime, useI18n } from '../../lib/i18n';

/**
 * Where a browser lands, signed out, after asking for its account's deletion: the date it
 * happens, and the way to keep the account, which is signing in before then.
 */
export function Component() {
  const { t, locale } = useI18n();
  const [search] = useSearchParams();
  const due = search.get('due');
  const dueDate = due && !Number.isNaN(Date.parse(due)) ? formatDateTime(due, locale) : undefined;
  return (
    <StatusPage
      title={t('accountDeleted.title')}
      actions={
        <>
          <a href={signInUrl('/account')} className={buttonClass('primary')}>
            {t('accountDeleted.signIn')}
          </a>
          <Link to="/" className={buttonClass('secondary')}>
            {t('accountDeleted.action')}
          </Link>
        </>
      }
    >
      <PageTitle title={t('accountDeleted.title')} />
      <p>
        {dueDate
          ? t('accountDeleted.body', { date: dueDate })
          : t('accountDeleted.bodySoon', { days: ACCOUNT_DELETION_GRACE_DAYS })}
      </p>
      <p>{t('accountDeleted.keep')}</p>
    </StatusPage>
  );
}
