import type { LearnerQuestion } from '@questa/contracts';
import { useT } from '../../lib/i18n';
import { useTouchOnly } from './use-touch-only';
import './answer-keys-hint.css';

/** What the number keys do for this question: pick one of its options, or true or false. */
export function numberKeys(question: LearnerQuestion): { last: number } | 'true_false' | null {
  switch (question.type) {
    case 'single_choice':
    case 'multiple_response':
      return question.options.length > 0 ? { last: Math.min(question.options.length, 9) } : null;
    case 'true_false':
      return 'true_false';
    default:
      return null;
  }
}

/**
 * The keyboard shortcuts that work right now (see `useAnswerKeys`): before grading, the number
 * keys where they pick something and Enter to submit; after grading, Enter to go on. Not shown on
 * touch-only screens, where there is no keyboard to press.
 */
export function AnswerKeysHint({
  question,
  graded,
  next,
}: {
  question: LearnerQuestion;
  graded: boolean;
  /** What Enter moves on to once the answer is graded. */
  next: 'question' | 'card';
}) {
  const t = useT();
  if (useTouchOnly()) return null;
  const numbers = graded ? null : numberKeys(question);
  const hints = [
    numbers === 'true_false'
      ? t('answering.keys.trueFalse')
      : numbers
        ? t('answering.keys.options', { last: numbers.last })
        : null,
    graded
      ? next === 'question'
        ? t('answering.keys.nextQuestion')
        : t('answering.keys.nextCard')
      : t('answering.keys.submit'),
  ].filter((hint) => hint !== null);
  return (
    <p className="answer-keys-hint">
      <span className="answer-keys-hint__label">{t('answering.keys.label')}</span>{' '}
      {hints.join(' · ')}
    </p>
  );
}
