import type { GradebookCellTuple } from '../classes';
import type { SubmissionState } from './classes';

/** One learner's standing in one gradebook column, as the grid and the spreadsheet read it. */
export interface GradebookCell {
  state: Exclude<SubmissionState, 'not_started'>;
  /** The best completed score, 0..1, after any late penalty; null until one is completed. */
  score: number | null;
  /** The best completed attempt was handed in after the due time. */
  late: boolean;
  /** Seconds spent over every attempt. */
  timeSpentSeconds: number;
  attempts: number;
}

/**
 * A cell as the gradebook's answer carries it (decision 0036). A class of 300 learners × 40
 * assignments is 12,000 cells: as objects with their keys the answer was 948 KB; as tuples with
 * 0/1 flags and the score to four decimals (a hundredth of a percent, finer than anything shows
 * it) it is about a fifth of that.
 */
export const encodeGradebookCell = (cell: GradebookCell): GradebookCellTuple => [
  cell.state === 'completed' ? 1 : 0,
  cell.score === null ? null : Math.round(cell.score * 10_000) / 10_000,
  cell.late ? 1 : 0,
  cell.timeSpentSeconds,
  cell.attempts,
];

export const decodeGradebookCell = ([
  completed,
  score,
  late,
  timeSpentSeconds,
  attempts,
]: GradebookCellTuple): GradebookCell => ({
  state: completed === 1 ? 'completed' : 'in_progress',
  score,
  late: late === 1,
  timeSpentSeconds,
  attempts,
});
