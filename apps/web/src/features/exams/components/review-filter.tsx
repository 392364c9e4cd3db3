import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { reviewFilters, type ReviewFilter } from '../topic-results';

/**
 * All questions or those of one verdict: radio buttons, so arrows move between them. Awaiting
 * grading is offered only while some answer awaits it.
 */
export function ReviewFilterChoice({
  value,
  counts,
  onChange,
}: {
  value: ReviewFilter;
  counts: Record<ReviewFilter, number>;
  onChange: (filter: ReviewFilter) => void;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="review-filter">
      <legend>{t('exams.review.show')}</legend>
      {reviewFilters
        .filter((filter) => filter !== 'awaiting' || counts.awaiting > 0 || value === filter)
        .map((filter) => (
          <label key={filter} className="review-filter__option">
            <input
              type="radio"
              name={name}
              value={filter}
              checked={value === filter}
              onChange={() => onChange(filter)}
            />
            {t(`exams.review.filter.${filter}`, { count: counts[filter] })}
          </label>
        ))}
    </fieldset>
  );
}
