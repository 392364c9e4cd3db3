/*
 * What learners meet: practice sessions, timed exams, spaced-repetition review and progress,
 * and what authors learn from it (item statistics). Questions reach the browser
 * without their keys; keys come back only with a graded result or a review the policy allows.
 */
export * from './learner-question';
export * from './practice';
export * from './blueprints';
export * from './exams';
export * from './reviews';
export * from './progress';
export * from './premium';
