import { useLocation } from 'react-router';
import { PageLoading } from '../../components/ui/page-loading';
import { PageTitle } from '../../components/ui/page-title';
import { ProblemAlert } from '../../components/ui/problem-alert';
import { refetchSession, useSession } from '../../features/auth/api/get-session';
import { signInUrl } from '../../features/auth/sign-in-url';
import { BillingPage } from '../../features/billing/components/billing-page';
import { OwnedWorkspacePlans } from '../../features/workspace-plan/components/owned-workspace-plans';
import { useT } from '../../lib/i18n';
import './page.css';

/** `/billing`: anyone may compare the plans; a signed-in learner subscribes and manages here. */
export function Component() {
  const t = useT();
  const session = useSession();
  const { pathname, search } = useLocation();

  return (
    <div className="page">
      <PageTitle title={t('billing.title')} />
      <header className="page__header">
        <h1>{t('billing.title')}</h1>
        <p className="page__intro">{t('billing.intro')}</p>
      </header>
      {session.status === 'pending' && <PageLoading />}
      {session.status === 'error' && (
        <ProblemAlert
          title={t('session.loadFailed')}
          error={session.error}
          onRetry={session.retry}
        />
      )}
      {session.status === 'success' && (
        <BillingPage
          viewer={{
            signedIn: session.data.user !== null,
            signInHref: signInUrl(`${pathname}${search}`),
            billing: session.data.billing,
          }}
          onPremiumChanged={refetchSession}
        />
      )}
      {session.status === 'success' && (
        <OwnedWorkspacePlans memberships={session.data.memberships} />
      )}
    </div>
  );
}
