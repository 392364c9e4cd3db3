import type { PracticeSession } from '@questa/contracts';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { useT } from '../../../lib/i18n';

/** The bank practised, how it is going, and for a free learner how many answers are left today. */
export function PracticeHeader({ session }: { session: PracticeSession }) {
  const t = useT();
  const { allowance } = session;
  return (
    <header className="practice-header">
      <div className="practice-header__title">
        <p className="practice-header__eyebrow">{t('practice.eyebrow')}</p>
        <h1>{session.bankTitle}</h1>
      </div>
      <dl className="practice-header__stats">
        <div>
          <dt>{t('practice.stats.answered')}</dt>
          <dd>{session.answered}</dd>
        </div>
        <div>
          <dt>{t('practice.stats.correct')}</dt>
          <dd>{session.correct}</dd>
        </div>
      </dl>
      {allowance.limit !== null && (
        <div className="practice-header__allowance">
          <p>
            {t('practice.allowance.left', {
              remaining: allowance.remaining ?? 0,
              limit: allowance.limit,
            })}
          </p>
          <ProgressBar
            label={t('practice.allowance.label')}
            value={allowance.remaining ?? 0}
            max={allowance.limit}
          />
        </div>
      )}
    </header>
  );
}
