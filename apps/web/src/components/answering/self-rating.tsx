import { selfRatings, type SelfRating } from '@questa/contracts/rules/questions';
import { useId } from 'react';
import type { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import { ProblemAlert } from '../ui/problem-alert';

/**
 * An essay is scored by the learner in practice and reviews: after reading the model answer and
 * the rubric, they say how close they came. The rating is the score their progress uses.
 */
export function SelfRatingForm({
  onRate,
  pending,
  error,
}: {
  onRate: (rating: SelfRating) => void;
  pending: boolean;
  error: ApiError | undefined;
}) {
  const t = useT();
  const labelId = useId();
  return (
    <div className="self-rating" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="self-rating__question">
        {t('answering.essay.rateQuestion')}
      </p>
      <div className="self-rating__choices">
        {selfRatings.map((rating) => (
          <Button
            key={rating}
            variant="secondary"
            disabled={pending}
            onClick={() => onRate(rating)}
          >
            {t(`answering.essay.rating.${rating}`)}
          </Button>
        ))}
      </div>
      {error && <ProblemAlert title={t('answering.essay.rateFailed')} error={error} />}
    </div>
  );
}
