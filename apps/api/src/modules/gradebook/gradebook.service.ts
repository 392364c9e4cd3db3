import {
  encodeGradebookCell,
  type Gradebook,
  type GradebookCell,
  type LearnerHistory,
} from '@questa/contracts';
import { HttpProblem } from '@questa/http-kit';
import { liveMaxScore } from '@questa/scoring';
import type { AuthContext } from '../auth/auth.service';
import type { ClassRepository } from '../classes/class.repository';
import type { ClassService } from '../classes/class.service';
import type {
  CellRow,
  GradebookRepository,
  LiveColumnRow,
  LivePlayRow,
} from './gradebook.repository';
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
 * A class room's result for one learner (decision 0033): their score as a share of the most the
 * questions asked could give, completed once they answered anything. A member who never answered
 * has no cell, like one who did not come: not done.
 */
function liveCellOf(room: LiveColumnRow, play: LivePlayRow): GradebookCell | null {
  if (play.answered === 0) return null;
  const max = liveMaxScore(room.asked, room.settings);
  return {
    state: 'completed',
    score: max > 0 ? Math.min(play.score / max, 1) : 0,
    late: false,
    timeSpentSeconds: Math.round(play.elapsedMs / 1000),
    attempts: 1,
  };
}

const byDue = (a: { dueAt: string; id: string }, b: { dueAt: string; id: string }) =>
  a.dueAt.localeCompare(b.dueAt) || a.id.localeCompare(b.id);

/**
 * A class's results for its teacher and the workspace's owners (whom `taught` lets through):
 * the grid, one learner's attempts, and the grid as a spreadsheet.
 */
export function createGradebookService(deps: {
  gradebook: GradebookRepository;
  classes: Pick<ClassService, 'taught'>;
  roster: Pick<ClassRepository, 'roster'>;
}) {
  /** The grid with its cells as objects: the answer encodes them, the spreadsheet reads them. */
  async function rowsOf(context: AuthContext, ref: ClassRef, requestId: string) {
    await deps.classes.taught(context, ref.clientId, ref.classId, requestId);
    const [given, rooms, learners, cells, plays] = await Promise.all([
      deps.gradebook.columns(ref.classId),
      deps.gradebook.liveColumns(ref.classId),
      deps.roster.roster(ref.classId),
      deps.gradebook.cells(ref.classId),
      deps.gradebook.livePlays(ref.classId),
    ]);
    // A finished room sits among the assignments at the moment it ended.
    const assignments: Gradebook['assignments'] = [
      ...given,
      ...rooms.map((room) => ({
        id: room.id,
        title: room.bankTitle,
        kind: 'live' as const,
        dueAt: room.finishedAt,
        questionCount: room.asked,
      })),
    ].sort(byDue);
    const column = new Map(assignments.map((assignment, index) => [assignment.id, index]));
    const roomById = new Map(rooms.map((room) => [room.id, room]));
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
    for (const play of plays) {
      const row = rows.get(play.userId);
      const index = column.get(play.roomId);
      const room = roomById.get(play.roomId);
      if (row && index !== undefined && room) row.cells[index] = liveCellOf(room, play);
    }
    return { assignments, learners: [...rows.values()] };
  }

  return {
    async grid(context: AuthContext, ref: ClassRef, requestId: string): Promise<Gradebook> {
      const book = await rowsOf(context, ref, requestId);
      return {
        assignments: book.assignments,
        learners: book.learners.map((learner) => ({
          ...learner,
          cells: learner.cells.map((cell) => cell && encodeGradebookCell(cell)),
        })),
      };
    },

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
      const [attempts, rooms, plays] = await Promise.all([
        deps.gradebook.history(ref.classId, ref.userId),
        deps.gradebook.liveColumns(ref.classId),
        deps.gradebook.livePlays(ref.classId, ref.userId),
      ]);
      const roomById = new Map(rooms.map((room) => [room.id, room]));
      const played = plays.flatMap((play): LearnerHistory['attempts'] => {
        const room = roomById.get(play.roomId);
        const cell = room && liveCellOf(room, play);
        if (!room || !cell) return [];
        return [
          {
            assignmentId: room.id,
            title: room.bankTitle,
            kind: 'live',
            dueAt: room.finishedAt,
            attempt: 1,
            startedAt: play.joinedAt,
            completedAt: room.finishedAt,
            score: cell.score,
            late: false,
            timeSpentSeconds: cell.timeSpentSeconds,
          },
        ];
      });
      return {
        learner,
        attempts: [...attempts, ...played].sort((a, b) => b.startedAt.localeCompare(a.startedAt)),
      };
    },

    /**
     * The grid as CSV: a learner a row, and for each assignment its score in percent, whether it
     * is completed, whether late, and the minutes spent.
     */
    async csv(context: AuthContext, ref: ClassRef, requestId: string): Promise<string> {
      const book = await rowsOf(context, ref, requestId);
      const header: CsvValue[] = ['Learner', 'Email'];
      for (const assignment of book.assignments) {
        // A live room is named by its bank, so the header says it was one.
        const title = assignment.kind === 'live' ? `${assignment.title} (live)` : assignment.title;
        header.push(`${title}: score %`, `${title}: status`, `${title}: late`, `${title}: minutes`);
      }
      const rows = book.learners.map((learner) => {
        const row: CsvValue[] = [learner.displayName, learner.email];
        for (const [index, cell] of learner.cells.entries()) {
          row.push(
            cell?.score === null || cell === null ? null : Math.round(cell.score * 1000) / 10,
            cell === null
              ? book.assignments[index]?.kind === 'live'
                ? 'not done'
                : 'not started'
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
