/** Business constants of learning the client shows and the server enforces. */
export const LEARNING = {
  /** Practice answers a free learner may give per day (UTC). */
  freeDailyAnswers: 20,
  /** Default exam time per question. */
  examSecondsPerQuestion: 90,
  /** After the deadline, answers already on their way are still taken for this long. */
  examGraceSeconds: 60,
  /** New (never-reviewed) cards introduced to a learner's reviews per day. */
  newCardsPerDay: 10,
  /** Learning cards due within this many minutes are shown now, as Anki's "learn ahead" does. */
  learnAheadMinutes: 20,
  /** Questions answered in a bank within this many days are not drawn again while others remain. */
  recentDays: 7,
  /** Extra exam time an admin may give a learner, in percent. */
  maxExtraTimePercent: 200,
  /** Days ahead that detailed analytics forecast recall for; 0 is now. */
  recallForecastDays: [0, 7, 30],
  /** A gap between two answers longer than this is a break, not time spent on a question. */
  answerTimeBreakSeconds: 600,
} as const;

/** What an exam blueprint may ask for. */
export const BLUEPRINT_LIMITS = {
  titleMax: 120,
  rulesMax: 20,
  countPerRuleMax: 200,
  minSeconds: 10,
  maxSeconds: 6 * 60 * 60,
  /** The share of points needed to pass when the author sets none. */
  defaultPassMark: 0.6,
} as const;

export const reviewPolicies = [
  /** The score only. */
  'score_only',
  /** The score and which answers were right. */
  'responses',
  /** Everything: the learner's answers, the correct ones and the explanations. */
  'full',
] as const;
export type ReviewPolicy = (typeof reviewPolicies)[number];
