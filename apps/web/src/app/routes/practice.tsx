import { useParams, type LoaderFunctionArgs } from 'react-router';
import { prefetchPracticeSession } from '../../features/practice/api/get-practice-session';
import { PracticePage } from '../../features/practice/components/practice-page';

/**
 * Starts loading the session while the sign-in check runs, instead of after it: on a phone's
 * connection that is one round trip less before the question shows. Nothing waits for it here.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (params.sessionId) prefetchPracticeSession(params.sessionId);
  return null;
}

export function Component() {
  const { sessionId = '' } = useParams();
  return <PracticePage key={sessionId} sessionId={sessionId} />;
}
