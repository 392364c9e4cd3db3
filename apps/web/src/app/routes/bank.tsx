import { Link, useLocation, useParams } from 'react-router';
import { NotFound } from '../../components/not-found';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { PageTitle } from '../../components/ui/page-title';
import { ProblemAlert } from '../../components/ui/problem-alert';
import { useSession } from '../../features/auth/api/get-session';
import { sessionFeatures } from '../../features/auth/premium-features';
import { signInUrl } from '../../features/auth/sign-in-url';
import { useBank } from '../../features/catalog/api/get-bank';
import { BankOverview } from '../../features/catalog/components/bank-overview';
import { BankOverviewSkeleton } from '../../features/catalog/components/bank-overview-skeleton';
import { ExamStart } from '../../features/exams/components/exam-start';
import { PracticeStart } from '../../features/practice/components/practice-start';
import { useT } from '../../lib/i18n';
import './page.css';

export function Component() {
  const t = useT();
  const { bankId = '' } = useParams();
  const bank = useBank(bankId);
  const session = useSession();
  const { pathname } = useLocation();
  // Until the session is known, the bank shows without the ways to start on it.
  const features = session.data && sessionFeatures(session.data);
  const viewer = session.data && {
    signedIn: session.data.user !== null,
    signInHref: signInUrl(pathname),
  };

  // The API answers a malformed id with validation.failed; to a visitor both mean "no such bank".
  const missing =
    bank.status === 'error' &&
    (bank.error.code === 'not_found' || bank.error.code === 'validation.failed');
  if (missing) return <NotFound />;

  return (
    <div className="page">
      <Link to="/" className="page__back">
        <ArrowLeftIcon />
        {t('bank.back')}
      </Link>
      {bank.status === 'pending' && <BankOverviewSkeleton />}
      {bank.status === 'error' && (
        <>
          <PageTitle title={t('bank.loadFailed')} />
          <ProblemAlert title={t('bank.loadFailed')} error={bank.error} onRetry={bank.retry} />
        </>
      )}
      {bank.status === 'success' && (
        <>
          <PageTitle title={bank.data.title} />
          <BankOverview
            bank={bank.data}
            actions={
              viewer &&
              features && (
                <>
                  <PracticeStart
                    bank={bank.data}
                    viewer={{ ...viewer, premiumBanks: features.premiumBanks }}
                  />
                  <ExamStart bankId={bank.data.id} viewer={{ ...viewer, exams: features.exams }} />
                </>
              )
            }
          />
        </>
      )}
    </div>
  );
}
