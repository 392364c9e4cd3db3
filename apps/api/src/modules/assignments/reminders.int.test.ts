import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assignment, AssignmentStart, TeachingClass } from '@questa/contracts';
import { sql } from '@questa/db';
import { createOutboxTransport, readOutbox } from '@questa/mail';
import { TEST_ORIGIN } from '../../testing';
import type { Learner } from '../learning/learning-test-kit';
import { startClassesKit, type ClassesKit } from '../classes/classes-test-kit';
import { createNotificationRepository } from '../notifications/notification.repository';
import { createNotificationService } from '../notifications/notification.service';
import { createReminderRepository } from './reminder.repository';
import { createReminderSweep } from './reminder-sweep';

const hour = 3_600_000;

describe('assignment notices and due-tomorrow reminders', () => {
  let k: ClassesKit;
  let outbox: string;
  let taught: TeachingClass;
  let learners: Learner[];
  let clock = Date.now();

  /** A sweeping API process of its own on the same database, with its own clock. */
  const sweeper = (batch?: number) =>
    createReminderSweep({
      reminders: createReminderRepository(k.kit.db),
      notifications: createNotificationService({
        notifications: createNotificationRepository(k.kit.db),
        mail: createOutboxTransport(outbox),
        publicUrl: TEST_ORIGIN,
        log: { warn: () => {} },
      }),
      now: () => new Date(clock),
      ...(batch !== undefined && { batch }),
    });
  const give = async (title: string, dueInMs: number, classId = taught.id) => {
    const response = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${classId}/assignments`),
      payload: {
        kind: 'practice',
        title,
        bankId: k.kit.publicBankId,
        questionCount: 1,
        opensAt: new Date(Date.now() - hour).toISOString(),
        dueAt: new Date(Date.now() + dueInMs).toISOString(),
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Assignment>();
  };
  const notices = (assignmentId: string, kind: string) =>
    k.kit.db
      .selectFrom('notifications')
      .select('user_id')
      .where('kind', '=', kind)
      .where(sql<string>`subject->>'assignmentId'`, '=', assignmentId)
      .execute();
  const mails = async (subject: string) =>
    (await readOutbox(outbox)).filter((message) => message.subject === subject);

  beforeAll(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), 'questa-reminders-'));
    k = await startClassesKit({ billing: { mail: createOutboxTransport(outbox) } });
    taught = await k.createClass('Reminded class');
    learners = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      const learner = await k.learner(`reminded-${name}`);
      await learner.call({
        method: 'POST',
        url: '/api/classes/join',
        payload: { code: taught.joinCode },
      });
      learners.push(learner);
    }
  });
  afterAll(async () => {
    await k?.close();
  });

  it('tells every learner of the class in the app and by mail when an assignment is given', async () => {
    const given = await give('Given and told', 3 * 24 * hour);
    expect((await notices(given.id, 'assignment_given')).map((row) => row.user_id).sort()).toEqual(
      learners.map((learner) => learner.userId).sort(),
    );
    await expect
      .poll(async () => (await mails('New assignment in Reminded class: Given and told')).length)
      .toBe(learners.length);
    const listed = await learners[0]!.call({ url: '/api/notifications' });
    expect(
      listed.json<{ notifications: { subject: { kind: string } }[] }>().notifications[0],
    ).toMatchObject({ subject: { kind: 'assignment_given', title: 'Given and told' } });
  });

  it('reminds, once, in batches, those who have not completed what is due within a day', async () => {
    const soon = await give('Due soon', 12 * hour);
    const later = await give('Due later', 3 * 24 * hour);
    // One learner has done it already and is left alone.
    const finisher = learners[0]!;
    const { practiceSessionId } = (
      await finisher.call({ method: 'POST', url: `/api/assignments/${soon.id}/start` })
    ).json<AssignmentStart>();
    await finisher.call({
      method: 'POST',
      url: `/api/practice/sessions/${practiceSessionId}/finish`,
    });

    // Three processes sweep at once, two learners per statement.
    const counts = await Promise.all(
      [sweeper(2), sweeper(2), sweeper(2)].map((s) => s.remindDue()),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(learners.length - 1);
    const reminded = (await notices(soon.id, 'assignment_due')).map((row) => row.user_id).sort();
    expect(reminded).toEqual(
      learners
        .slice(1)
        .map((learner) => learner.userId)
        .sort(),
    );
    expect(await notices(later.id, 'assignment_due')).toEqual([]);
    expect(await mails('Due tomorrow: Due soon')).toHaveLength(learners.length - 1);

    // Once the claims lapse, another sweep finds nobody left to remind.
    clock += 11 * 60_000;
    expect(await sweeper().remindDue()).toBe(0);
    expect(await notices(soon.id, 'assignment_due')).toHaveLength(learners.length - 1);
  });

  it('reminds a learner who joins later, and nobody twice', async () => {
    const soon = await give('Joined late', 6 * hour);
    clock += 11 * 60_000;
    expect(await sweeper().remindDue()).toBe(learners.length);
    const newcomer = await k.learner('newcomer');
    await newcomer.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: taught.joinCode },
    });
    clock += 11 * 60_000;
    // Reminded of both assignments due within the day; everyone else has been already.
    expect(await sweeper().remindDue()).toBe(2);
    expect((await notices(soon.id, 'assignment_due')).map((row) => row.user_id)).toContain(
      newcomer.userId,
    );
  });

  it('tells a learner who joins later of the work they can still do, once', async () => {
    const later = await k.createClass('Joined later');
    const open = await give('Still open', 2 * 24 * hour, later.id);
    const closed = await give('Closed to late work', 2 * 24 * hour, later.id);
    // Overdue and refusing late work: nothing left to tell of.
    await k.kit.db
      .updateTable('assignments')
      .set({
        opens_at: new Date(Date.now() - 3 * hour).toISOString(),
        due_at: new Date(Date.now() - hour).toISOString(),
        late_policy: 'refuse',
      })
      .where('id', '=', closed.id)
      .execute();
    const newcomer = await k.learner('told-on-joining');
    const join = () =>
      newcomer.call({
        method: 'POST',
        url: '/api/classes/join',
        payload: { code: later.joinCode },
      });
    expect((await join()).statusCode).toBe(200);
    expect(await notices(open.id, 'assignment_given')).toEqual([{ user_id: newcomer.userId }]);
    expect(await notices(closed.id, 'assignment_given')).toEqual([]);
    await expect
      .poll(async () => (await mails('New assignment in Joined later: Still open')).length)
      .toBe(1);

    // Joining again, or leaving and coming back, tells nobody twice.
    await join();
    const removed = await k.teacher.call({
      method: 'DELETE',
      url: k.teaching(`/${later.id}/learners/${newcomer.userId}`),
    });
    expect(removed.statusCode).toBe(204);
    expect((await join()).statusCode).toBe(200);
    expect(await notices(open.id, 'assignment_given')).toHaveLength(1);
  });
});
