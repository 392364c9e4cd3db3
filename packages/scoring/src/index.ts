export { answerInput, type AnswerInput } from '@questa/contracts';
export { grade } from './grade';
export { correctAnswer } from './correct-answer';
export { gradedEssay, isGradePoints, selfRatedEssay } from './graders/essay';
export type { Feedback, GradeError, GradeResult, Graded, OptionFeedback } from './result';
export { normaliseText, normaliseUnit, normaliseChoice, type TextRules } from './normalise';
export {
  accuracyPoints,
  DEFAULT_MAX_POINTS,
  nextStreak,
  speedPoints,
  liveMaxScore,
  streakBonus,
  type SpeedInput,
} from './speed';
export {
  isDue,
  newReviewCard,
  recallProbability,
  replayReviewCard,
  reviewCard,
  reviewCardData,
  reviewStates,
  type ReviewCard,
  type ReviewState,
} from './review-card';
export { examScore, type ExamScore } from './exam';
export { presentQuestion, presentedValues, shuffled, stemExcerpt } from './present';
export { itemStatistics, type ItemResponse, type ItemStatisticsOptions } from './item-statistics';
export { streaks } from './streak';
export {
  teamStandings,
  teamStandingsWithMovement,
  type TeamMember,
  type TeamStanding,
} from './team-standings';
