import type { QuestionStatus } from '@questa/contracts';
import { Badge } from '../../../components/ui/badge';
import { useT } from '../../../lib/i18n';

const tones = {
  draft: 'neutral',
  in_review: 'info',
  published: 'success',
  retired: 'danger',
} as const;

export function StatusBadge({ status }: { status: QuestionStatus }) {
  const t = useT();
  return <Badge tone={tones[status]}>{t(`questionStatus.${status}`)}</Badge>;
}
