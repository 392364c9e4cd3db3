import { HostStart } from '../../features/live/components/host-start';

export function Component() {
  return <HostStart />;
}
