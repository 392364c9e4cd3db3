import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminUser,
  Blueprint,
  ExamAttempt,
  GradedAnswer,
  ItemStatistics,
  PracticeState,
  ProgressReport,
  ReviewQueue,
  SessionInfo,
} from '@questa/contracts';
import { questionDb, seedMembership } from '@questa/question-db';
import { correctAnswer } from '@questa/scoring';
import { createUserRepository } from '../users/user.repository';
import { startLearningApi, type Learner, type LearningApi } from './learning-test-kit';

describe('learning, as admins, authors and reviewers see it', () => {
  let kit: LearningApi;
  let admin: Learner;
  let author: Learner;
  let learner: Learner;
  let clientId: string;

  beforeAll(async () => {
    kit = await startLearningApi();
    admin = await kit.learner('admin');
    await createUserRepository(kit.db).grantRole(admin.userId, 'admin');
    author = await kit.learner('author');
    await seedMembership(questionDb(kit.beside.database), {
      tenantSlug: 'learning-test',
      userId: author.sub,
      role: 'author',
    });
    learner = await kit.learner('learner');
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    clientId = bank.json<{ clientId: string }>().clientId;
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('documents the learning routes in the OpenAPI document', async () => {
    const response = await kit.api.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/practice/sessions',
        '/exams/{attemptId}/responses/{position}',
        '/review/queue',
        '/progress',
      ]),
    );
  });

  describe('premium and extra time, set by an admin', () => {
    it('grants premium by hand: the learner has it at once, and may take exams', async () => {
      const before = await learner.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId: kit.publicBankId },
      });
      expect(before.statusCode).toBe(402);
      const granted = await admin.call({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/premium`,
        payload: { premium: true, until: null },
      });
      expect(granted.statusCode).toBe(200);
      expect(granted.json<AdminUser>()).toMatchObject({ premiumGrant: { until: null } });
      const session = (await learner.call({ url: '/api/session' })).json<SessionInfo>();
      expect(session.entitlements.premium).toBe(true);
      const after = await learner.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId: kit.publicBankId },
      });
      expect(after.statusCode).toBe(201);
    });

    it('revokes premium, and audits both', async () => {
      await admin.call({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/premium`,
        payload: { premium: false },
      });
      expect(
        (await learner.call({ url: '/api/session' })).json<SessionInfo>().entitlements.premium,
      ).toBe(false);
      const audit = (await admin.call({ url: '/api/admin/audit' })).json<{
        events: { action: string }[];
      }>();
      const actions = audit.events.map((event) => event.action);
      expect(actions).toContain('premium.granted');
      expect(actions).toContain('premium.revoked');
    });

    it('refuses premium that would end in the past', async () => {
      const response = await admin.call({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/premium`,
        payload: { premium: true, until: '2020-01-01T00:00:00Z' },
      });
      expect(response.statusCode).toBe(400);
    });

    it('sets extra exam time within 0–200 %', async () => {
      const url = `/api/admin/users/${learner.userId}/accommodations`;
      const set = await admin.call({ method: 'PUT', url, payload: { extraTimePercent: 25 } });
      expect(set.json<AdminUser>().extraTimePercent).toBe(25);
      const tooMuch = await admin.call({ method: 'PUT', url, payload: { extraTimePercent: 500 } });
      expect(tooMuch.statusCode).toBe(400);
    });

    it('lets no learner grant themselves premium or time', async () => {
      const premium = await learner.call({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/premium`,
        payload: { premium: true, until: null },
      });
      expect(premium.statusCode).toBe(403);
      const time = await author.call({
        method: 'PUT',
        url: `/api/admin/users/${learner.userId}/accommodations`,
        payload: { extraTimePercent: 100 },
      });
      expect(time.statusCode).toBe(403);
    });
  });

  describe('exam blueprints, defined by authors', () => {
    const base = () => `/api/authoring/clients/${clientId}/banks/${kit.publicBankId}/blueprints`;
    const input = {
      title: 'Europe sprint',
      rules: [{ topic: 'Europe', count: 2 }],
      timeLimitSeconds: 120,
      passMark: 0.5,
      shuffle: false,
      reviewPolicy: 'responses',
    };

    it('lets an author create, change and delete one; a learner can take it', async () => {
      const created = await author.call({ method: 'POST', url: base(), payload: input });
      expect(created.statusCode).toBe(201);
      const blueprint = created.json<Blueprint>();
      expect(blueprint).toMatchObject({
        questionCount: 2,
        timeLimitSeconds: 120,
        isDefault: false,
      });

      const listed = (await author.call({ url: base() })).json<{ blueprints: Blueprint[] }>();
      expect(listed.blueprints.map((b) => b.title)).toEqual(['Mock exam', 'Europe sprint']);

      const changed = await author.call({
        method: 'PUT',
        url: `${base()}/${blueprint.id}`,
        payload: { ...input, title: 'Europe in two' },
      });
      expect(changed.json<Blueprint>().title).toBe('Europe in two');

      const taker = await kit.learner('taker', { premium: true });
      const offered = (
        await taker.call({ url: `/api/banks/${kit.publicBankId}/blueprints` })
      ).json<{
        blueprints: Blueprint[];
      }>();
      expect(offered.blueprints.map((b) => b.title)).toContain('Europe in two');
      const attempt = await taker.call({
        method: 'POST',
        url: '/api/exams',
        payload: { bankId: kit.publicBankId, blueprintId: blueprint.id },
      });
      expect(attempt.json<ExamAttempt>()).toMatchObject({
        blueprintTitle: 'Europe in two',
        reviewPolicy: 'responses',
      });
      expect(
        attempt.json<ExamAttempt>().questions.every((q) => q.question.topic === 'Europe'),
      ).toBe(true);

      const removed = await author.call({ method: 'DELETE', url: `${base()}/${blueprint.id}` });
      expect(removed.statusCode).toBe(204);
    });

    it('refuses learners, and checks the blueprint', async () => {
      // A learner belongs to no tenant: to them it answers as if it did not exist.
      expect((await learner.call({ method: 'POST', url: base(), payload: input })).statusCode).toBe(
        404,
      );
      const bad = await author.call({
        method: 'POST',
        url: base(),
        payload: { ...input, passMark: 2, rules: [] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation.failed' });
    });
  });

  describe('item statistics', () => {
    it('measures each question from learners’ first answers, for the tenant’s members only', async () => {
      for (let i = 0; i < 3; i++) {
        const someone = await kit.learner(`stat${i}`, { premium: true });
        let state = (
          await someone.call({
            method: 'POST',
            url: '/api/practice/sessions',
            payload: { bankId: kit.publicBankId },
          })
        ).json<PracticeState>();
        for (let n = 0; n < 3 && !state.exhausted; n++) {
          const row = await kit.db
            .selectFrom('practice_items')
            .select('content')
            .where('id', '=', state.item!.id)
            .executeTakeFirstOrThrow();
          await someone.call({
            method: 'POST',
            url: `/api/practice/sessions/${state.session.id}/items/${state.item!.id}/answer`,
            payload: { answer: correctAnswer(row.content) },
          });
          state = (
            await someone.call({
              method: 'POST',
              url: `/api/practice/sessions/${state.session.id}/next`,
            })
          ).json<PracticeState>();
        }
      }
      const url = `/api/authoring/clients/${clientId}/banks/${kit.publicBankId}/item-statistics`;
      const stats = (await author.call({ url })).json<ItemStatistics>();
      expect(stats.minResponses).toBe(10);
      expect(stats.items.length).toBeGreaterThan(0);
      expect(stats.items.every((item) => item.facility === 1 && item.flags.length === 0)).toBe(
        true,
      );
      expect((await learner.call({ url })).statusCode).toBe(404);
    });
  });

  describe('reviews and progress', () => {
    it('brings a missed question back, and reschedules it when answered', async () => {
      const someone = await kit.learner('reviewer');
      const state = (
        await someone.call({
          method: 'POST',
          url: '/api/practice/sessions',
          payload: { bankId: kit.publicBankId },
        })
      ).json<PracticeState>();
      const item = state.item!;
      const wrong =
        item.question.type === 'true_false'
          ? { type: 'true_false', value: false }
          : item.question.type === 'numeric'
            ? { type: 'numeric', value: 999 }
            : item.question.type === 'single_choice'
              ? { type: 'single_choice', optionId: 'b' }
              : item.question.type === 'ordering'
                ? { type: 'ordering', itemIds: ['k', 'o', 't'] }
                : { type: 'short_text', text: 'Atlantis' };
      const answered = await someone.call({
        method: 'POST',
        url: `/api/practice/sessions/${state.session.id}/items/${item.id}/answer`,
        payload: { answer: wrong },
      });
      expect(answered.json<{ item: { result: GradedAnswer } }>().item.result.correct).toBe(false);

      const queue = (await someone.call({ url: '/api/review/queue' })).json<ReviewQueue>();
      expect(queue.cards).toHaveLength(1);
      expect(queue.cards[0]).toMatchObject({
        questionId: item.questionId,
        state: 'learning',
        lapses: 0,
      });
      expect(JSON.stringify(queue.cards[0]!.question)).not.toMatch(/"accepted"|"correct"/);

      const content = (
        await kit.db
          .selectFrom('review_cards')
          .select('content')
          .where('id', '=', queue.cards[0]!.id)
          .executeTakeFirstOrThrow()
      ).content;
      const reviewed = await someone.call({
        method: 'POST',
        url: `/api/review/cards/${queue.cards[0]!.id}/answer`,
        payload: { answer: correctAnswer(content) },
      });
      expect(reviewed.statusCode).toBe(200);
      const result = reviewed.json<GradedAnswer>();
      expect(result.correct).toBe(true);
      expect(Date.parse(result.card.due)).toBeGreaterThan(Date.now());
      const other = await kit.learner('nosy');
      expect(
        (
          await other.call({
            method: 'POST',
            url: `/api/review/cards/${queue.cards[0]!.id}/answer`,
            payload: { answer: correctAnswer(content) },
          })
        ).statusCode,
      ).toBe(404);

      const progress = (await someone.call({ url: '/api/progress' })).json<ProgressReport>();
      expect(progress.totals).toEqual({ answered: 2, correct: 1 });
      expect(progress.byDay).toHaveLength(30);
      expect(progress.byDay.at(-1)).toMatchObject({ answered: 2, correct: 1 });
      expect(progress.streak).toEqual({ current: 1, longest: 1 });
      expect(progress.byTopic).toEqual([
        expect.objectContaining({
          bankTitle: 'Capitals',
          topic: item.question.topic,
          answered: 2,
          correct: 1,
        }),
      ]);
    });
  });
});
