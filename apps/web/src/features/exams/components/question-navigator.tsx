import { CheckIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';

/**
 * Every question's number, the current one marked with aria-current, the answered ones with a
 * tick and the word "answered" for screen readers: not by colour alone.
 */
export function QuestionNavigator({
  positions,
  current,
  isAnswered,
  onSelect,
}: {
  positions: readonly number[];
  current: number;
  isAnswered: (position: number) => boolean;
  onSelect: (position: number) => void;
}) {
  const t = useT();
  return (
    <nav className="exam-navigator" aria-label={t('exams.navigator.label')}>
      <ol>
        {positions.map((position) => {
          const answered = isAnswered(position);
          return (
            <li key={position}>
              <button
                type="button"
                className="exam-navigator__button"
                data-answered={answered || undefined}
                aria-current={position === current ? 'step' : undefined}
                onClick={() => onSelect(position)}
              >
                <span>{position}</span>
                {answered && <CheckIcon width={14} height={14} />}
                <span className="visually-hidden">
                  {answered ? t('exams.navigator.answered') : t('exams.navigator.unanswered')}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
