import { useParams } from 'react-router';
import { HostConsole } from '../../features/live/components/host-console';

export function Component() {
  const { roomId = '' } = useParams();
  return <HostConsole key={roomId} roomId={roomId} />;
}
