import { useParams } from 'react-router';
import { PracticePage } from '../../features/practice/components/practice-page';

export function Component() {
  const { sessionId = '' } = useParams();
  return <PracticePage key={sessionId} sessionId={sessionId} />;
}
