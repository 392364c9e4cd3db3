import { useT } from '../../../lib/i18n';
import type { ExamAnswersSnapshot } from '../exam-answers';
import { CloudOffIcon } from '../../../components/ui/icons';

/**
 * Says that answers are waiting on this device, while they are. The status region stays in the
 * page so that a screen reader hears the message when it appears.
 */
export function ConnectionBanner({ snapshot }: { snapshot: ExamAnswersSnapshot }) {
  const t = useT();
  const waiting = snapshot.pending > 0 && snapshot.connection !== 'online' && !snapshot.ended;
  return (
    <div role="status" className="exam-connection-region">
      {waiting && (
        <p className="exam-connection">
          <CloudOffIcon />
          {snapshot.connection === 'offline' ? t('exams.offline') : t('exams.serverFailing')}
        </p>
      )}
    </div>
  );
}
