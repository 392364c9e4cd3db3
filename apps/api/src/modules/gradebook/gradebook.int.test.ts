import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeGradebookCell,
  type Assignment,
  type AssignmentStart,
  type Gradebook,
  type LearnerHistory,
  type PracticeState,
  type TeachingClass,
} from '@questa/contracts';
import { correctAnswer } from '@questa/scoring';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

describe('gradebook', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let practice: Assignment;
  let exam: Assignment;
  let done: Learner;
  let started: Learner;
  let idle: Learner;

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Gradebook class');
    const join = async (name: string) => {
      const learner = await k.learner(name);
      await learner.call({
        method: 'POST',
        url: '/api/classes/join',
        payload: { code: taught.joinCode },
      });
      return learner;
    };
    done = await join('=HYPERLINK("evil")');
    started = await join('started');
    idle = await join('idle');
    const give = async (payload: object) =>
      (
        await k.teacher.call({
          method: 'POST',
          url: k.teaching(`/${taught.id}/assignments`),
          payload: { opensAt: at(-hour), dueAt: at(24 * hour), ...payload },
        })
      ).json<Assignment>();
    practice = await give({
      kind: 'practice',
      title: 'Capitals, "week 1"',
      bankId: k.kit.publicBankId,
      questionCount: 2,
    });
    exam = await give({
      kind: 'exam',
      title: 'Exam',
      bankId: k.kit.publicBankId,
      blueprintId: 'default',
    });

    const pinned = await k.kit.db
      .selectFrom('assignment_questions')
      .select('content')
      .where('assignment_id', '=', practice.id)
      .orderBy('position')
      .execute();
    const { practiceSessionId } = (
      await done.call({ method: 'POST', url: `/api/assignments/${practice.id}/start` })
    ).json<AssignmentStart>();
    for (const [index, question] of pinned.entries()) {
      const state = (
        await done.call({
          method: index === 0 ? 'GET' : 'POST',
          url: `/api/practice/sessions/${practiceSessionId}${index === 0 ? '' : '/next'}`,
        })
      ).json<PracticeState>();
      await done.call({
        method: 'POST',
        url: `/api/practice/sessions/${practiceSessionId}/items/${state.item!.id}/answer`,
        payload: { answer: correctAnswer(question.content) },
      });
    }
    const { examAttemptId } = (
      await done.call({ method: 'POST', url: `/api/assignments/${exam.id}/start` })
    ).json<AssignmentStart>();
    await done.call({ method: 'POST', url: `/api/exams/${examAttemptId}/submit` });
    await started.call({ method: 'POST', url: `/api/assignments/${practice.id}/start` });
  });
  afterAll(async () => {
    await k?.close();
  });

  it('lays out learners × assignments with score, completion, time and late marks', async () => {
    const response = await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook`) });
    expect(response.statusCode).toBe(200);
    const book = response.json<Gradebook>();
    expect(book.assignments.map((column) => column.id).sort()).toEqual(
      [practice.id, exam.id].sort(),
    );
    const practiceColumn = book.assignments.findIndex((column) => column.id === practice.id);
    const examColumn = book.assignments.findIndex((column) => column.id === exam.id);
    const rowOf = (learner: Learner) => {
      const row = book.learners.find((entry) => entry.userId === learner.userId)!;
      return { cells: row.cells.map((cell) => cell && decodeGradebookCell(cell)) };
    };
    // On the wire a cell is a tuple: completed, score, late, seconds, attempts.
    expect(book.learners.find((row) => row.userId === done.userId)!.cells[practiceColumn]).toEqual([
      1,
      1,
      0,
      expect.any(Number),
      1,
    ]);
    expect(rowOf(done).cells[practiceColumn]).toMatchObject({
      state: 'completed',
      score: 1,
      late: false,
      attempts: 1,
    });
    expect(rowOf(done).cells[examColumn]).toMatchObject({ state: 'completed', score: 0 });
    expect(rowOf(started).cells[practiceColumn]).toMatchObject({
      state: 'in_progress',
      score: null,
    });
    expect(rowOf(started).cells[examColumn]).toBeNull();
    expect(rowOf(idle).cells).toEqual([null, null]);
    // The owner reads the same gradebook.
    expect((await k.owner.call({ url: k.teaching(`/${taught.id}/gradebook`) })).json()).toEqual(
      book,
    );
  });

  it('gives one learner’s attempts in the class', async () => {
    const response = await k.teacher.call({
      url: k.teaching(`/${taught.id}/learners/${done.userId}/history`),
    });
    expect(response.statusCode).toBe(200);
    const history = response.json<LearnerHistory>();
    expect(history.learner.userId).toBe(done.userId);
    expect(history.attempts.map((attempt) => attempt.assignmentId).sort()).toEqual(
      [practice.id, exam.id].sort(),
    );
  });

  it('exports CSV that a spreadsheet reads in the right columns, formulas left as text', async () => {
    const response = await k.teacher.call({ url: k.teaching(`/${taught.id}/gradebook.csv`) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = readCsv(response.body.slice(1));
    expect(rows[0]!.slice(0, 2)).toEqual(['Learner', 'Email']);
    expect(rows[0]).toHaveLength(2 + 4 * 2);
    expect(rows[0]).toContain('Capitals, "week 1": score %');
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toHaveLength(rows[0]!.length);
    const evil = rows.find((row) => row[0]!.includes('HYPERLINK'))!;
    expect(evil[0]!.startsWith("'=")).toBe(true);
    const scoreColumn = rows[0]!.indexOf('Capitals, "week 1": score %');
    expect(evil[scoreColumn]).toBe('100');
    expect(evil[scoreColumn + 1]).toBe('completed');
    expect(evil[scoreColumn + 2]).toBe('on time');
  });
});

describe('the gradebook stays with the class’s teacher and the workspace’s owners', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let member: Learner;

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Guarded');
    member = await k.learner('member');
    await member.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: taught.joinCode },
    });
  });
  afterAll(async () => {
    await k?.close();
  });

  const paths = (clientId: string, classId: string, userId: string) => [
    `/api/teaching/clients/${clientId}/classes/${classId}/gradebook`,
    `/api/teaching/clients/${clientId}/classes/${classId}/gradebook.csv`,
    `/api/teaching/clients/${clientId}/classes/${classId}/learners/${userId}/history`,
  ];

  it('refuses other roles (403) and the class’s own learners, who are no members of the workspace (404)', async () => {
    for (const url of paths(k.clientId, taught.id, member.userId)) {
      expect((await k.author.call({ url })).statusCode, url).toBe(403);
      expect((await member.call({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 across workspaces and to a colleague who does not teach the class', async () => {
    for (const url of paths(k.otherClientId, taught.id, member.userId)) {
      expect((await k.outsider.call({ url })).statusCode, url).toBe(404);
    }
    for (const url of paths(k.clientId, taught.id, member.userId)) {
      expect((await k.colleague.call({ url })).statusCode, url).toBe(404);
    }
  });

  it('answers 404 for the history of someone not in the class', async () => {
    const stranger = await k.learner('stranger');
    const response = await k.teacher.call({
      url: k.teaching(`/${taught.id}/learners/${stranger.userId}/history`),
    });
    expect(response.statusCode).toBe(404);
  });
});
