import { useParams } from 'react-router';
import { PracticePage } from '../../features/practice/components/practice-page';

// The route's loader, which asks for the session, is in src/app/router.tsx.

export function Component() {
  const { sessionId = '' } = useParams();
  return <PracticePage key={sessionId} sessionId={sessionId} />;
}
