import type { BankVisibility } from '@questa/contracts';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';

const tones = { private: 'neutral', public: 'success', premium: 'premium' } as const;

export function VisibilityBadge({ visibility }: { visibility: BankVisibility }) {
  const t = useT();
  return <Badge tone={tones[visibility]}>{t(`visibility.${visibility}`)}</Badge>;
}
