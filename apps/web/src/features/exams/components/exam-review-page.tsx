import { WithPassage } from '../../../components/answering/passage';
import type { ExamReview } from '@questa/contracts';
import { Link, useSearchParams } from 'react-router';
import { GradedAnswer } from '../../../components/answering/graded-answer';
import { roundPoints, scoreText } from '../../../components/answering/score';
import { Verdict } from '../../../components/answering/verdict';
import { NotFound } from '../../../components/not-found';
import { buttonClass } from '../../../components/ui/button';
import { ArrowLeftIcon, CheckIcon, CrossIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { ProblemAlert } from '../../../components/ui/problem-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, useI18n } from '../../../lib/i18n';
import { useExamReview } from '../api/get-exam-review';
import {
  filterItems,
  itemVerdict,
  resultsByTopic,
  reviewFilters,
  type ReviewFilter,
} from '../topic-results';
import { ExamTopicTable } from './exam-topic-table';
import { ReviewFilterChoice } from './review-filter';
import './exam-review.css';

type ExamReviewItem = ExamReview['items'][number];

/**
 * A finished attempt: first a summary (the score, pass or fail, how each topic went, the way to
 * take it again), then the questions, filtered to all, missed or right, each with the learner's
 * answer and, as the blueprint's review policy allows, whether it was right, the correct answer
 * and the explanation, read like a graded practice answer.
 */
export function ExamReviewPage({ attemptId }: { attemptId: string }) {
  const { t } = useI18n();
  const review = useExamReview(attemptId);

  if (review.status === 'pending') return <ReviewSkeleton />;
  if (review.status === 'error') {
    const { code } = review.error;
    if (code === 'not_found' || code === 'validation.failed') return <NotFound />;
    if (code === 'auth.forbidden') {
      return (
        <div className="exam-review">
          <PageTitle title={t('exams.review.notYet')} />
          <h1>{t('exams.review.notYet')}</h1>
          <p>{t('exams.review.notYetBody')}</p>
          <p>
            <Link to={`/exams/${attemptId}`} className={buttonClass('primary')}>
              {t('exams.review.backToExam')}
            </Link>
          </p>
        </div>
      );
    }
    return (
      <div className="exam-review">
        <PageTitle title={t('exams.review.loadFailed')} />
        <h1>{t('exams.review.eyebrow')}</h1>
        <ProblemAlert
          title={t('exams.review.loadFailed')}
          error={review.error}
          onRetry={review.retry}
        />
      </div>
    );
  }
  return <ReviewView review={review.data} />;
}

const isFilter = (value: string | null): value is ReviewFilter =>
  reviewFilters.some((filter) => filter === value);

function ReviewView({ review }: { review: ExamReview }) {
  const { t, locale } = useI18n();
  const { attempt } = review;
  const score = attempt.score;
  const topics = resultsByTopic(review.items, locale);
  // Which answers were right is known unless the policy shows the score only.
  const graded = review.reviewPolicy !== 'score_only';
  // The filter lives in the address, so a reload or a shared link shows the same questions.
  const [params, setParams] = useSearchParams();
  const asked = params.get('show');
  const filter: ReviewFilter = graded && isFilter(asked) ? asked : 'all';
  const shown = filterItems(review.items, filter);
  const counts = Object.fromEntries(
    reviewFilters.map((each) => [each, filterItems(review.items, each).length]),
  ) as Record<ReviewFilter, number>;
  const choose = (next: ReviewFilter) =>
    setParams(next === 'all' ? {} : { show: next }, { replace: true, preventScrollReset: true });
  return (
    <div className="exam-review">
      <PageTitle title={t('exams.review.pageTitle', { title: attempt.blueprintTitle })} />
      <Link to={`/banks/${attempt.bankId}`} className="exam-review__back">
        <ArrowLeftIcon />
        {t('exams.review.backToBank', { bank: attempt.bankTitle })}
      </Link>
      <header className="exam-review__header">
        <p className="exam-review__eyebrow">{t('exams.review.eyebrow')}</p>
        <h1>{attempt.blueprintTitle}</h1>
        {attempt.submittedAt && (
          <p className="exam-review__submitted">
            {t('exams.review.submittedAt', { time: formatDateTime(attempt.submittedAt, locale) })}
            {attempt.state === 'expired' && <> · {t('exams.review.timeRanOut')}</>}
          </p>
        )}
      </header>

      <section className="exam-score" aria-labelledby="exam-score-heading">
        <h2 id="exam-score-heading" className="visually-hidden">
          {t('exams.review.result')}
        </h2>
        {score ? (
          <>
            <p
              className={`exam-score__verdict exam-score__verdict--${score.passed ? 'pass' : 'fail'}`}
            >
              {score.passed ? (
                <CheckIcon width={28} height={28} />
              ) : (
                <CrossIcon width={28} height={28} />
              )}
              {score.passed ? t('exams.review.passed') : t('exams.review.failed')}
            </p>
            <p className="exam-score__numbers">
              {t('exams.review.score', {
                points: roundPoints(score.points),
                count: roundPoints(score.maxPoints),
                percent: Math.round(score.fraction * 100),
              })}
            </p>
            <p>{t('exams.review.passMark', { percent: Math.round(review.passMark * 100) })}</p>
            {score.pendingCount > 0 && (
              <p className="exam-score__pending">
                {t('exams.review.pending', {
                  count: score.pendingCount,
                  points: roundPoints(score.pendingPoints),
                })}
              </p>
            )}
          </>
        ) : (
          <p>{t('exams.review.grading')}</p>
        )}
        <p className="exam-score__reviews">
          <Link to="/review">{t('exams.review.toReviews')}</Link>
        </p>
        {review.againBlueprintId && (
          <p>
            <Link
              to={`/banks/${attempt.bankId}/exams/${review.againBlueprintId}`}
              className={buttonClass('secondary')}
            >
              {t('exams.review.tryAgain')}
            </Link>
          </p>
        )}
      </section>

      {topics.length > 0 && <ExamTopicTable results={topics} />}

      {review.reviewPolicy === 'score_only' && <p>{t('exams.review.scoreOnly')}</p>}

      <section className="exam-review__questions" aria-labelledby="exam-review-questions">
        <h2 id="exam-review-questions">{t('exams.review.questions')}</h2>
        {graded && <ReviewFilterChoice value={filter} counts={counts} onChange={choose} />}
        <p role="status" className={graded ? 'exam-review__shown' : 'visually-hidden'}>
          {shown.length === 0
            ? t(`exams.review.none.${filter === 'all' ? 'wrong' : filter}`)
            : t('exams.review.showing', { shown: shown.length, total: review.items.length })}
        </p>
        <ol className="exam-review__items">
          {shown.map((item) => (
            <li key={item.position}>
              <article
                className="exam-review-item"
                aria-labelledby={`exam-review-item-${item.position}`}
              >
                <div className="exam-review-item__top">
                  <h3 id={`exam-review-item-${item.position}`}>
                    {t('exams.review.question', { position: item.position })}
                  </h3>
                  <ItemVerdict item={item} />
                </div>
                <WithPassage passage={item.passage}>
                  <GradedAnswer
                    question={item.question}
                    answer={item.answer}
                    feedback={item.feedback}
                    correctAnswer={item.correctAnswer}
                    explanation={item.explanation}
                  />
                </WithPassage>
                {item.graderComment && (
                  <div className="practice-solution">
                    <h4 className="practice-solution__heading">
                      {t('exams.review.graderComment')}
                    </h4>
                    <p className="exam-review-item__comment">{item.graderComment}</p>
                  </div>
                )}
              </article>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function ItemVerdict({ item }: { item: ExamReviewItem }) {
  const { t } = useI18n();
  // A person scores an essay; until then it is neither right nor wrong.
  const verdict = itemVerdict(item);
  if (verdict === null) {
    return item.points === null ? null : (
      <p className="exam-review-item__points">{scoreText(t, item.points, item.maxPoints)}</p>
    );
  }
  return (
    <Verdict points={item.points} maxPoints={item.maxPoints} awaiting={verdict === 'awaiting'} />
  );
}

function ReviewSkeleton() {
  const { t } = useI18n();
  return (
    <div className="exam-review" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('exams.review.loading')}
      </p>
      <Skeleton width="8rem" />
      <Skeleton width="min(24rem, 80%)" height="2.25rem" />
      <Skeleton height="6rem" />
      <Skeleton height="10rem" />
    </div>
  );
}
