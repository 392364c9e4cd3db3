import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  essay as essayContent,
  type MailPreferences,
  type NotificationList,
  type NotificationSubject,
} from '@questa/contracts';
import { jsonb } from '../../db/json';
import type { MailMessage } from '@questa/mail';
import { questionDb, seedMembership } from '@questa/question-db';
import { presentQuestion } from '@questa/scoring';
import { createExamRepository } from '../exams/exam.repository';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';

const essay = essayContent.parse({
  type: 'essay',
  stem: 'Why do rivers meander?',
  topic: 'Rivers',
  difficulty: 2,
  points: 5,
  rubric: '- Names erosion',
  modelAnswer: 'Erosion on the outer bank, deposits on the inner.',
});

/** Polls until `check` holds, for mail that follows the grade without holding it up. */
async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('notifications: an essay graded', () => {
  let kit: LearningApi;
  let learner: Learner;
  let quiet: Learner;
  let grader: Learner;
  let clientId: string;
  const sent: MailMessage[] = [];

  async function submittedEssay(owner: Learner) {
    const id = await createExamRepository(kit.db).create(
      {
        userId: owner.userId,
        clientId,
        bankId: kit.publicBankId,
        bankTitle: 'Rivers',
        blueprintTitle: 'River essays',
        blueprintId: randomUUID(),
        passMark: 0.5,
        reviewPolicy: 'full',
        extraTimePercent: 0,
        seconds: 600,
      },
      [
        {
          questionId: randomUUID(),
          version: 1,
          content: essay,
          presented: presentQuestion(essay, Math.random),
          passage: null,
        },
      ],
    );
    await owner.call({
      method: 'PUT',
      url: `/api/exams/${id}/responses/1`,
      payload: { answer: { type: 'essay', text: 'Water wears the outside of a bend.' } },
    });
    expect((await owner.call({ method: 'POST', url: `/api/exams/${id}/submit` })).statusCode).toBe(
      200,
    );
    return id;
  }

  const grade = (id: string, points: number, gradeVersion = 0) =>
    grader.call({
      method: 'PUT',
      url: `/api/authoring/clients/${clientId}/grading/${id}/1`,
      payload: { points, gradeVersion, comment: 'Good on erosion.' },
    });
  const list = async (who: Learner) =>
    (await who.call({ url: '/api/notifications' })).json<NotificationList>();

  beforeAll(async () => {
    kit = await startLearningApi({ billing: { mail: { send: async (m) => void sent.push(m) } } });
    learner = await kit.learner('nora', { premium: true });
    quiet = await kit.learner('quinn', { premium: true });
    grader = await kit.learner('gina');
    await seedMembership(questionDb(kit.beside.database), {
      tenantSlug: 'learning-test',
      userId: grader.sub,
      role: 'author',
    });
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    clientId = bank.json<{ clientId: string }>().clientId;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('tells the learner in the app and by mail, and marks the notice read', async () => {
    const id = await submittedEssay(learner);
    expect((await list(learner)).unread).toBe(0);
    expect((await grade(id, 4)).statusCode).toBe(200);

    const notices = await list(learner);
    expect(notices.unread).toBe(1);
    expect(notices.notifications).toMatchObject([
      {
        subject: {
          kind: 'essay_graded',
          attemptId: id,
          examTitle: 'River essays',
          points: 4,
          maxPoints: 5,
        },
        readAt: null,
      },
    ]);
    // Nobody else hears of it.
    expect((await list(grader)).notifications).toEqual([]);

    const mail = await eventually(
      () => sent.filter((m) => m.to === `${learner.sub}@example.test`),
      (found) => found.length === 1,
    );
    expect(mail[0]!.subject).toContain('River essays');
    expect(mail[0]!.text).toContain('4 of 5 points');
    expect(mail[0]!.text).toContain(`/exams/${id}/review`);
    expect(mail[0]!.headers?.['List-Unsubscribe']).toContain('/unsubscribe?token=');

    const read = await learner.call({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [notices.notifications[0]!.id] },
    });
    expect(read.json()).toEqual({ unread: 0 });
    expect((await list(learner)).notifications[0]!.readAt).not.toBeNull();
    // A body that names nothing is refused with a problem, not read as "all".
    const bad = await learner.call({ method: 'POST', url: '/api/notifications/read', payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('sends no mail to someone who chose none, and still tells them in the app', async () => {
    const off = await quiet.call({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { mail: { essay_graded: false } },
    });
    expect(off.json<MailPreferences>()).toEqual({
      mail: {
        essay_graded: false,
        workspace_payment_failed: true,
        assignment_given: true,
        assignment_due: true,
        invitation: true,
      },
    });
    const before = sent.length;
    const id = await submittedEssay(quiet);
    expect((await grade(id, 5)).statusCode).toBe(200);
    expect((await list(quiet)).unread).toBe(1);
    // The learner who wants mail gets theirs for a later grade, so the quiet one's would be
    // here by now had it been sent.
    const loud = await submittedEssay(learner);
    expect((await grade(loud, 3)).statusCode).toBe(200);
    await eventually(
      () => sent.slice(before),
      (found) => found.some((m) => m.to === `${learner.sub}@example.test`),
    );
    expect(sent.slice(before).some((m) => m.to === `${quiet.sub}@example.test`)).toBe(false);
  });

  it('unsubscribes from the link in the mail without signing in, and refuses a forged one', async () => {
    const link = sent.find((m) => m.to === `${learner.sub}@example.test`)!.headers![
      'List-Unsubscribe'
    ]!;
    const token = decodeURIComponent(/token=([^>]+)/.exec(link)![1]!);

    const [payload, signature] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ p: 'unsubscribe', u: quiet.userId, k: 'essay_graded' }),
    ).toString('base64url');
    for (const forged of [
      `${forgedPayload}.${signature}`,
      `${payload}.x${signature}`,
      'x'.repeat(40),
    ]) {
      const refused = await kit.api.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token: forged },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'notifications.unsubscribe_invalid' });
    }

    // No cookie and no page headers: the signed token is enough.
    const done = await kit.api.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: 'essay_graded' });
    const prefs = await learner.call({ url: '/api/notifications/preferences' });
    expect(prefs.json()).toEqual({
      mail: {
        essay_graded: false,
        workspace_payment_failed: true,
        assignment_given: true,
        assignment_due: true,
        invitation: true,
      },
    });
  });

  it('pages through every notice once, those written at the same moment too', async () => {
    const reader = await kit.learner('paige');
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
    // 45 notices, three to a moment: a page's edge falls between notices of the same time.
    const rows = Array.from({ length: 45 }, (_, index) => ({
      user_id: reader.userId,
      kind: 'essay_graded',
      subject: jsonb({
        kind: 'essay_graded',
        attemptId: randomUUID(),
        examTitle: `Essay ${index}`,
        bankTitle: 'Rivers',
        position: 1,
        points: 1,
        maxPoints: 5,
      } satisfies NotificationSubject),
      created_at: at(Math.floor(index / 3)),
    }));
    await kit.db.insertInto('notifications').values(rows).execute();

    const seen: string[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query: string = before ? `?limit=20&before=${before}` : '?limit=20';
      const response = await reader.call({ url: `/api/notifications${query}` });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<NotificationList>();
      seen.push(...page.notifications.map((notice) => notice.id));
      const times = page.notifications.map((notice) => notice.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      before = page.nextBefore;
      if (!before) break;
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    // Another person's notice as a cursor finds nothing of theirs.
    const other = (await list(learner)).notifications[0]!.id;
    const foreign = await reader.call({ url: `/api/notifications?before=${other}` });
    expect(foreign.json<NotificationList>().notifications).toEqual([]);
    const bad = await reader.call({ url: '/api/notifications?before=yesterday' });
    expect(bad.statusCode).toBe(400);
  });

  it('is only for the signed-in person', async () => {
    expect((await kit.api.inject('/api/notifications')).statusCode).toBe(401);
    expect((await kit.api.inject('/api/notifications/unread')).statusCode).toBe(401);
  });
});
