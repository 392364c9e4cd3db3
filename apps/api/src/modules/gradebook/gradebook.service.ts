import type { Gradebook, GradebookCell, LearnerHistory } from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import type { AuthContext } from '../auth/auth.service';
import type { ClassRepository } from '../classes/class.repository';
import type { ClassService } from '../classes/class.service';
import type { CellRow, GradebookRepository } from './gradebook.repository';
import { spreadsheetCsv, type CsvValue } from './spreadsheet-csv';

type ClassRef = { clientId: string; classId: string };

const cellOf = (row: CellRow): GradebookCell => ({
  state: row.completed ? 'completed' : 'in_progress',
  score: row.best,
  late: row.late === true,
  timeSpentSeconds: row.timeSpent,
  attempts: row.attempts,
});

/**
 * A class's results for its teacher and the workspace's owners (whom `taught` lets through):
 * the grid, one learner's attempts, and the grid as a spreadsheet.
 */
export function createGradebookService(deps: {
  gradebook: GradebookRepository;
  classes: Pick<ClassService, 'taught'>;
  roster: Pick<ClassRepository, 'roster'>;
}) {
  async function grid(context: AuthContext, ref: ClassRef, requestId: string): Promise<Gradebook> {
    await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
    const [assignments, learners, cells] = await Promise.all([
      deps.gradebook.columns(ref.classId),
      deps.roster.roster(ref.classId),
      deps.gradebook.cells(ref.classId),
    ]);
    const column = new Map(assignments.map((assignment, index) => [assignment.id, index]));
    const rows = new Map(
      learners.map((learner) => [
        learner.userId,
        {
          userId: learner.userId,
          displayName: learner.displayName,
          email: learner.email,
          cells: assignments.map((): GradebookCell | null => null),
        },
      ]),
    );
    for (const cell of cells) {
      const row = rows.get(cell.userId);
      const index = column.get(cell.assignmentId);
      if (row && index !== undefined) row.cells[index] = cellOf(cell);
    }
    return { assignments, learners: [...rows.values()] };
  }

  return {
    grid,

    async history(
      context: AuthContext,
      ref: ClassRef & { userId: string },
      requestId: string,
    ): Promise<LearnerHistory> {
      await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
      const learner = (await deps.roster.roster(ref.classId)).find(
        (entry) => entry.userId === ref.userId,
      );
      if (!learner)
        throw new HttpProblem('not_found', { detail: 'This learner is not in the class.' });
      return { learner, attempts: await deps.gradebook.history(ref.classId, ref.userId) };
    },

    /**
     * The grid as CSV: a learner a row, and for each assignment its score in percent, whether it
     * is completed, whether late, and the minutes spent.
     */
    async csv(context: AuthContext, ref: ClassRef, requestId: string): Promise<string> {
      const book = await grid(context, ref, requestId);
      const header: CsvValue[] = ['Learner', 'Email'];
      for (const assignment of book.assignments) {
        header.push(
          `${assignment.title}: score %`,
          `${assignment.title}: status`,
          `${assignment.title}: late`,
          `${assignment.title}: minutes`,
        );
      }
      const rows = book.learners.map((learner) => {
        const row: CsvValue[] = [learner.displayName, learner.email];
        for (const cell of learner.cells) {
          row.push(
            cell?.score === null || cell === null ? null : Math.round(cell.score * 1000) / 10,
            cell === null
              ? 'not started'
              : cell.state === 'completed'
                ? 'completed'
                : 'in progress',
            cell?.state === 'completed' ? (cell.late ? 'late' : 'on time') : null,
            cell === null ? null : Math.round(cell.timeSpentSeconds / 6) / 10,
          );
        }
        return row;
      });
      return spreadsheetCsv([header, ...rows]);
    },
  };
}

export type GradebookService = ReturnType<typeof createGradebookService>;
