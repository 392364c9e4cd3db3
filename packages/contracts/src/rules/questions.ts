/** What a question may hold; the schemas and the editor both check these. */
export const QUESTION_LIMITS = {
  stemMax: 10_000,
  explanationMax: 10_000,
  /**
   * An option, item, pair side or accepted answer. Moodle sets no length on an answer, and real
   * files hold options of a paragraph or two, so this leaves room for them.
   */
  textMax: 4_000,
  idMax: 40,
  topicMax: 80,
  tagsMax: 20,
  tagMax: 40,
  unitMax: 20,
  licenceMax: 100,
  attributionMax: 200,
  /** Options of a choice, items to order, pairs to match, choices of a cloze blank. */
  choicesMin: 2,
  choicesMax: 10,
  acceptedMin: 1,
  acceptedMax: 20,
  blanksMin: 1,
  blanksMax: 20,
  difficultyMin: 1,
  difficultyMax: 5,
  pointsMax: 100,
  /** Images and other media one question refers to. */
  mediaMax: 20,
  /** A search of a bank's questions. */
  searchMax: 200,
  /** Hotspot regions on one image, and the markers a learner may place on it. */
  hotspotRegionsMin: 1,
  hotspotRegionsMax: 20,
  hotspotMarkersMax: 10,
  polygonPointsMin: 3,
  polygonPointsMax: 40,
  /**
   * The smallest side, radius or (squared) extent of a region, as a fraction of the image: 0.5% is
   * five pixels of a 1000-pixel image, below which nobody can hit a region on a phone.
   */
  hotspotRegionMin: 0.005,
  /** The image's natural size in pixels: QTI coordinates and the layout box come from it. */
  imagePixelsMax: 20_000,
  /** Feedback on one choice option, shown beside it once it was chosen. */
  optionFeedbackMax: 2_000,
  /** Hints a learner may open one by one before answering. */
  hintsMax: 5,
  hintMax: 1_000,
} as const;

/**
 * Moodle's grade fractions for an answer, highest first (Moodle's own select offers these and
 * their negatives). A credit of 1 is full credit; a negative one is a penalty.
 */
export const CREDIT_FRACTIONS = [
  1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667,
  0.1428571, 0.125, 0.1111111, 0.1, 0.05, 0,
] as const;

/** How far the positive credits of a multiple-response question may be from 1: Moodle rounds to 2 places. */
export const CREDIT_SUM_TOLERANCE = 0.005;

export const questionTypes = [
  'single_choice',
  'multiple_response',
  'true_false',
  'short_text',
  'numeric',
  'ordering',
  'matching',
  'cloze',
  'hotspot',
  'calculated',
  'essay',
] as const;
export type QuestionType = (typeof questionTypes)[number];

export const questionStatuses = ['draft', 'in_review', 'published', 'retired'] as const;
export type QuestionStatus = (typeof questionStatuses)[number];

/** What a bank may hold. */
export const BANK_LIMITS = {
  slugMax: 60,
  titleMax: 120,
  descriptionMax: 2_000,
} as const;

/** What a learner's typed answer may hold. */
export const ANSWER_LIMITS = {
  typedMax: 1_000,
} as const;

export const bankVisibilities = ['private', 'public', 'premium'] as const;
export type BankVisibility = (typeof bankVisibilities)[number];

/**
 * Essays: what one may hold, and how a person scores one. Points go in half-point steps so a
 * grader's mark is one of a few choices, and a self-rating maps to a share of the points.
 */
export const ESSAY_LIMITS = {
  rubricMax: 10_000,
  modelAnswerMax: 10_000,
  /** Word limits an author may set. */
  wordsMax: 10_000,
  /** A learner's essay, in characters. */
  textMax: 30_000,
  commentMax: 2_000,
  pointStep: 0.5,
} as const;

/** How a learner rates their essay against the model answer, and the share of points each earns. */
export const selfRatings = ['missed', 'partly', 'got_it'] as const;
export type SelfRating = (typeof selfRatings)[number];
export const SELF_RATING_SCORE: Record<SelfRating, number> = { missed: 0, partly: 0.5, got_it: 1 };

/** Where an essay's score stands; see `answerFeedback`. */
export const essayStatuses = ['awaiting', 'self_rated', 'graded'] as const;
export type EssayStatus = (typeof essayStatuses)[number];
