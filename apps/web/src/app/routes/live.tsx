import { useParams } from 'react-router';
import { JoinPage } from '../../features/live/components/join-page';

export function Component() {
  const { code } = useParams();
  return <JoinPage key={code ?? ''} {...(code ? { code } : {})} />;
}
