import type { SubscriptionStatus } from '@questa/contracts/rules';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';

const tones = {
  none: 'neutral',
  checkout_pending: 'info',
  trialing: 'success',
  active: 'success',
  past_due: 'danger',
  canceled: 'neutral',
  expired: 'neutral',
} as const satisfies Record<SubscriptionStatus, string>;

/** A subscription's state in a word, coloured by whether it needs the learner. */
export function StatusBadge({ status }: { status: SubscriptionStatus }) {
  const t = useT();
  return <Badge tone={tones[status]}>{t(`billing.status.${status}`)}</Badge>;
}
