import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, ClassRoster, LearnerClass, TeachingClass } from '@questa/contracts';
import { startClassesKit, type ClassesKit } from './classes-test-kit';

describe('classes', () => {
  let k: ClassesKit;

  beforeAll(async () => {
    k = await startClassesKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('lets a teacher create a class that a learner joins by its code, typed any way', async () => {
    const created = await k.createClass('Year 9 geography');
    expect(created).toMatchObject({
      name: 'Year 9 geography',
      clientId: k.clientId,
      teacherId: k.teacher.userId,
      learnerCount: 0,
      archivedAt: null,
    });
    expect(created.joinCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);

    const learner = await k.learner('ada');
    const joined = await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: created.joinCode },
    });
    expect(joined.statusCode).toBe(200);
    expect(joined.json<LearnerClass>()).toMatchObject({
      id: created.id,
      name: 'Year 9 geography',
      archived: false,
    });
    // Joining again is harmless.
    const again = await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: created.joinCode },
    });
    expect(again.statusCode).toBe(200);

    const roster = await k.teacher.call({ url: k.teaching(`/${created.id}`) });
    expect(roster.statusCode).toBe(200);
    expect(roster.json<ClassRoster>().learners.map((l) => l.userId)).toEqual([learner.userId]);
    expect(roster.json<ClassRoster>().class.learnerCount).toBe(1);

    const mine = await learner.call({ url: '/api/classes' });
    expect(mine.json<{ classes: LearnerClass[] }>().classes.map((c) => c.id)).toEqual([created.id]);
  });

  it('puts the classes a person joined or teaches in their data export, and only theirs', async () => {
    const created = await k.createClass('Exported class');
    const learner = await k.learner('exporter');
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: created.joinCode },
    });
    const mine = (await learner.call({ url: '/api/account/export' })).json<AccountExport>();
    expect(mine.classesJoined).toEqual([
      expect.objectContaining({ id: created.id, name: 'Exported class' }),
    ]);
    expect(mine.classesTaught).toEqual([]);
    const taught = (await k.teacher.call({ url: '/api/account/export' })).json<AccountExport>();
    expect(taught.classesTaught).toContainEqual(
      expect.objectContaining({ id: created.id, join_code: created.joinCode }),
    );
    expect(taught.classesJoined).toEqual([]);
  });

  it('refuses a code that is not one, and a code of no class', async () => {
    const learner = await k.learner('typo');
    const bad = await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation.failed' });
    const none = await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: 'ZZZZZZZZ' },
    });
    expect(none.statusCode).toBe(404);
  });

  it('removes a learner, who then no longer sees the class', async () => {
    const created = await k.createClass('Removal');
    const learner = await k.learner('bo');
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: created.joinCode },
    });
    const removed = await k.teacher.call({
      method: 'DELETE',
      url: k.teaching(`/${created.id}/learners/${learner.userId}`),
    });
    expect(removed.statusCode).toBe(204);
    const roster = await k.teacher.call({ url: k.teaching(`/${created.id}`) });
    expect(roster.json<ClassRoster>().learners).toEqual([]);
    const mine = await learner.call({ url: '/api/classes' });
    expect(mine.json<{ classes: LearnerClass[] }>().classes).toEqual([]);
    const twice = await k.teacher.call({
      method: 'DELETE',
      url: k.teaching(`/${created.id}/learners/${learner.userId}`),
    });
    expect(twice.statusCode).toBe(404);
  });

  it('archives a class, which then takes no new learners', async () => {
    const created = await k.createClass('Archived');
    const archived = await k.teacher.call({
      method: 'POST',
      url: k.teaching(`/${created.id}/archive`),
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json<TeachingClass>().archivedAt).not.toBeNull();
    const learner = await k.learner('late');
    const join = await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: created.joinCode },
    });
    expect(join.statusCode).toBe(409);
    expect(join.json()).toMatchObject({ code: 'class.archived' });
  });

  it('shows a teacher their own classes and an owner every class of the workspace', async () => {
    const own = await k.createClass('Mine only');
    const theirs = await k.createClass('Colleague’s', k.colleague);
    const ids = async (who: typeof k.teacher) =>
      (await who.call({ url: k.teaching('') }))
        .json<{ classes: TeachingClass[] }>()
        .classes.map((c) => c.id);
    expect(await ids(k.teacher)).toContain(own.id);
    expect(await ids(k.teacher)).not.toContain(theirs.id);
    expect(await ids(k.owner)).toEqual(expect.arrayContaining([own.id, theirs.id]));
    // Owners read and manage any class; another teacher's class is not found for a teacher.
    expect((await k.owner.call({ url: k.teaching(`/${theirs.id}`) })).statusCode).toBe(200);
    expect((await k.teacher.call({ url: k.teaching(`/${theirs.id}`) })).statusCode).toBe(404);
  });
});

describe('classes stay within their workspace and their people', () => {
  let k: ClassesKit;
  let taught: TeachingClass;
  let learnerId: string;

  beforeAll(async () => {
    k = await startClassesKit();
    taught = await k.createClass('Private class');
    const learner = await k.learner('member');
    learnerId = learner.userId;
    await learner.call({
      method: 'POST',
      url: '/api/classes/join',
      payload: { code: taught.joinCode },
    });
  });
  afterAll(async () => {
    await k?.close();
  });

  const routes = (clientId: string, classId: string) => [
    { method: 'GET' as const, url: `/api/teaching/clients/${clientId}/classes` },
    {
      method: 'POST' as const,
      url: `/api/teaching/clients/${clientId}/classes`,
      payload: { name: 'x' },
    },
    { method: 'GET' as const, url: `/api/teaching/clients/${clientId}/classes/${classId}` },
    {
      method: 'POST' as const,
      url: `/api/teaching/clients/${clientId}/classes/${classId}/archive`,
    },
    {
      method: 'DELETE' as const,
      url: `/api/teaching/clients/${clientId}/classes/${classId}/learners/${learnerId}`,
    },
  ];

  it('refuses every teaching route to roles without classes (403) and to learners (404)', async () => {
    const learner = await k.learner('nosy');
    for (const route of routes(k.clientId, taught.id)) {
      const response = await k.author.call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'auth.forbidden' });
      // A learner is no member of the workspace: it is not there for them at all.
      expect((await learner.call(route)).statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });

  it('answers 404 to a teacher of another workspace addressing the class through their own', async () => {
    for (const route of routes(k.otherClientId, taught.id).slice(2)) {
      const response = await k.outsider.call(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // And through the class's own workspace, of which they are no member: not found either.
    for (const route of routes(k.clientId, taught.id)) {
      expect((await k.outsider.call(route)).statusCode).toBe(404);
    }
  });

  it('leaves the class untouched after all of that', async () => {
    const roster = await k.teacher.call({ url: k.teaching(`/${taught.id}`) });
    expect(roster.json<ClassRoster>().class.archivedAt).toBeNull();
    expect(roster.json<ClassRoster>().learners.map((l) => l.userId)).toEqual([learnerId]);
  });
});
