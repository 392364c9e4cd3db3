/** Limits of classes and assignments, shared by the API's schemas and the web client's forms. */
export const CLASS_LIMITS = {
  nameMax: 80,
  /** Join codes are this long, from `JOIN_CODE_ALPHABET`: about 10^12 codes, never guessed. */
  joinCodeLength: 8,
  /** A class lists at most this many learners (the gradebook is sized for it). */
  rosterMax: 500,
  titleMax: 120,
  /** Questions a practice set pins at most. */
  practiceQuestionsMax: 100,
  /** Questions a challenge pins at most: a live room's most, played in one sitting. */
  challengeQuestionsMax: 50,
  attemptsMax: 10,
} as const;

/** Letters and digits that cannot be mistaken for one another when read aloud or off a board. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as someone typed it (spaces, dashes, lower case) in the form it is stored in. */
export const normaliseJoinCode = (typed: string): string =>
  typed.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A practice set, an exam, or a challenge: a live quiz played at one's own pace, one timed
 * question at a time and scored as a live room scores (decision 0035).
 */
export const assignmentKinds = ['practice', 'exam', 'challenge'] as const;
export type AssignmentKind = (typeof assignmentKinds)[number];
/** What a gradebook column is: an assignment, or a live room played by the class (decision 0033). */
export const gradebookColumnKinds = [...assignmentKinds, 'live'] as const;
export type GradebookColumnKind = (typeof gradebookColumnKinds)[number];

/**
 * What happens to work handed in after the due time: `accept` takes it marked late, `refuse`
 * closes the assignment at the due time, `penalty` takes it marked late and takes a share off.
 */
export const latePolicies = ['accept', 'refuse', 'penalty'] as const;
export type LatePolicy = (typeof latePolicies)[number];

/** A learner's standing in one assignment, as To do and the gradebook show it. */
export const submissionStates = ['not_started', 'in_progress', 'completed'] as const;
export type SubmissionState = (typeof submissionStates)[number];
