import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { reviewFilters, type ReviewFilter } from '../topic-results';

/** All, missed or right questions: radio buttons, so arrows move between them. */
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
      {reviewFilters.map((filter) => (
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
