import { useParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { prefetchChallenge } from '../../features/challenge/api/get-challenge';
import { ChallengePage } from '../../features/challenge/components/challenge-page';
import { useT } from '../../lib/i18n';
import './page.css';

/** Starts loading the attempt while the sign-in check runs, as the practice page does. */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.challengeId) prefetchChallenge(params.challengeId);
  return null;
}

export function Component() {
  const t = useT();
  const { challengeId = '' } = useParams();
  return (
    <div className="page">
      <PageTitle title={t('assignments.kind.challenge')} />
      <ChallengePage key={challengeId} challengeId={challengeId} />
    </div>
  );
}
