import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodoList } from '@questa/contracts';
import { demoBankQuestions, questionDb } from '@questa/question-db';
import { startLearningApi, type LearningApi } from '../learning/learning-test-kit';
import { DEMO_CLASS_NAME, seedDemoClass } from './demo-class';

describe('the demo class on first start', () => {
  let kit: LearningApi;

  beforeAll(async () => {
    kit = await startLearningApi();
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('puts the demo learner in a class with work due tomorrow and work overdue, once', async () => {
    const teacher = await kit.learner('demo-teacher');
    const learner = await kit.learner('demo-learner');
    const bank = await demoBankQuestions(questionDb(kit.beside.database), {
      tenantSlug: 'learning-test',
      bankSlug: 'capitals',
      count: 6,
    });
    expect(bank?.questions).toHaveLength(6);
    const input = { teacherSub: teacher.sub, learnerSub: learner.sub, bank: bank! };
    expect(await seedDemoClass(kit.db, input)).toEqual({ seeded: true });
    expect(await seedDemoClass(kit.db, input)).toEqual({ seeded: false });

    const todo = (await learner.call({ url: '/api/todo' })).json<TodoList>();
    expect(todo.todo.map((item) => [item.assignment.title, item.overdue])).toEqual([
      ['Geography check', true],
      ['Capitals warm-up', false],
    ]);
    expect(todo.todo.every((item) => item.className === DEMO_CLASS_NAME)).toBe(true);
    const dueIn = Date.parse(todo.todo[1]!.assignment.dueAt) - Date.now();
    expect(dueIn).toBeGreaterThan(23 * 3_600_000);
    expect(dueIn).toBeLessThanOrEqual(24 * 3_600_000);
    // Both can be done: the practice set is open, and the overdue exam takes late work.
    expect(todo.todo.every((item) => item.startable)).toBe(true);
  });
});
