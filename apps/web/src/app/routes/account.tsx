import { DELETION_CANCELLED_NOTICE } from '@questa/contracts/rules';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import '../../components/ui/saved-notice.css';
import { AccountProfile } from '../../features/account/components/account-profile';
import { ChangePassword } from '../../features/account/components/change-password';
import { DeleteAccount } from '../../features/account/components/delete-account';
import { DownloadData } from '../../features/account/components/download-data';
import { SessionList } from '../../features/account/components/session-list';
import { SignOutEverywhere } from '../../features/account/components/sign-out-everywhere';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { MailPreferences } from '../../features/notifications/components/mail-preferences';
import { PlanSummary } from '../../features/billing/components/plan-summary';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const { user, billing, passwordPage } = useSignedInSession();
  const [search] = useSearchParams();
  // The identity provider sends people back here after they changed their password there.
  const passwordChanged = search.get('notice') === 'password-changed';
  // Signing in while the account waited to be deleted brings people here, to read it was not.
  const deletionCancelled = search.get('notice') === DELETION_CANCELLED_NOTICE;

  return (
    <div className="page">
      <PageTitle title={t('account.title')} />
      <header className="page__header">
        <h1>{t('account.title')}</h1>
        <p className="page__intro">{t('account.intro')}</p>
      </header>
      {passwordChanged && (
        <p role="status" className="saved-notice">
          {t('account.passwordChanged')}
        </p>
      )}
      {deletionCancelled && (
        <p role="status" className="saved-notice">
          {t('account.deletionCancelled')}
        </p>
      )}
      <AccountProfile user={user} />
      {/* An external identity provider manages passwords on its own pages. */}
      {passwordPage && <ChangePassword />}
      {billing && <PlanSummary billing={billing} />}
      <SessionList />
      <SignOutEverywhere />
      <MailPreferences />
      <DownloadData />
      <DeleteAccount email={user.email} />
    </div>
  );
}
