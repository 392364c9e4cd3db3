import { PageTitle } from '../../components/ui/page-title';
import { AccountProfile } from '../../features/account/components/account-profile';
import { SessionList } from '../../features/account/components/session-list';
import { SignOutEverywhere } from '../../features/account/components/sign-out-everywhere';
import { useSignedInSession } from '../../features/auth/components/require-session';
import { PlanSummary } from '../../features/billing/components/plan-summary';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const { user, billing } = useSignedInSession();
  return (
    <div className="page">
      <PageTitle title={t('account.title')} />
      <header className="page__header">
        <h1>{t('account.title')}</h1>
        <p className="page__intro">{t('account.intro')}</p>
      </header>
      <AccountProfile user={user} />
      {billing && <PlanSummary billing={billing} />}
      <SessionList />
      <SignOutEverywhere />
    </div>
  );
}
