import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonList } from '@questa/contracts';
import { questionDb, seedMembership } from '@questa/question-db';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { createUserRepository } from '../users/user.repository';

describe('names of a tenant’s people', () => {
  let kit: LearningApi;
  let author: Learner;
  let viewer: Learner;
  let outsider: Learner;
  let clientId: string;

  beforeAll(async () => {
    kit = await startLearningApi();
    const users = createUserRepository(kit.db);
    const named = async (role: string, name: string) => {
      const someone = await kit.learner(role);
      await users.upsertFromSignIn({
        sub: someone.sub,
        email: `${someone.sub}@example.test`,
        name,
        roles: [],
      });
      return someone;
    };
    author = await named('author', 'Ada Lovelace');
    viewer = await named('viewer', 'Vera Rubin');
    outsider = await named('outsider', 'Otto Outside');
    for (const [member, role] of [
      [author, 'author'],
      [viewer, 'viewer'],
    ] as const) {
      await seedMembership(questionDb(kit.beside.database), {
        tenantSlug: 'learning-test',
        userId: member.sub,
        role,
      });
    }
    const bank = await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`);
    clientId = bank.json<{ clientId: string }>().clientId;
  });
  afterAll(async () => {
    await kit?.close();
  });

  const url = (ids: string[]) =>
    `/api/authoring/clients/${clientId}/people?${new URLSearchParams({ ids: ids.join(',') })}`;

  it('names members of the tenant to any other member, and nobody else', async () => {
    const response = await viewer.call({
      url: url([author.sub, outsider.sub, 'never-signed-in', viewer.sub]),
    });
    expect(response.statusCode).toBe(200);
    const { people } = response.json<PersonList>();
    // The outsider has an account, but not in this tenant: their name is not this tenant's to give.
    expect(people).toHaveLength(2);
    expect(people).toEqual(
      expect.arrayContaining([
        { id: author.sub, name: 'Ada Lovelace' },
        { id: viewer.sub, name: 'Vera Rubin' },
      ]),
    );
    expect(response.body).not.toContain('example.test');
    expect(response.body).not.toContain('Otto');
  });

  it('refuses callers who are not members of the tenant, and callers not signed in', async () => {
    // To an outsider the tenant answers as if it did not exist, so its id cannot be probed.
    const refused = await outsider.call({ url: url([author.sub]) });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Ada');
    const anonymous = await kit.api.inject(url([author.sub]));
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a missing, repeated or too long list of ids with a problem document', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => `person-${i}`);
    for (const request of [
      `/api/authoring/clients/${clientId}/people`,
      url([author.sub, author.sub]),
      url(tooMany),
    ]) {
      const response = await author.call({ url: request });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ code: 'validation.failed' });
    }
  });
});
