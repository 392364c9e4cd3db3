import type { LearnerQuestion } from '@questa/contracts';
import { useT } from '../../../lib/i18n';

/** The keys the practice page answers to, for the question on screen. */
export function KeyboardHint({ question }: { question: LearnerQuestion }) {
  const t = useT();
  const picks =
    question.type === 'true_false'
      ? t('practice.keys.trueFalse')
      : question.type === 'single_choice' || question.type === 'multiple_response'
        ? t('practice.keys.options')
        : null;
  return (
    <p className="practice-keys">
      <span className="practice-keys__label">{t('practice.keys.label')}</span>{' '}
      {picks && <>{picks} · </>}
      {t('practice.keys.enter')}
    </p>
  );
}
