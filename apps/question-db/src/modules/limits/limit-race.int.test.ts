import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceUsage } from '@questa/contracts';
import { bearer, startTestQuestionDb, type TestQuestionDb } from '../../testing';

const API = '/qdb/api/v1';
const AT_ONCE = 8;

/*
 * Additions fired together, as a double-clicking owner or two importing authors would: the check
 * and the write happen with the workspace locked, so however they interleave the limit holds.
 */
describe('limits under concurrent additions', () => {
  let t: TestQuestionDb;
  let acme: string;
  let owner: { authorization: string };

  beforeAll(async () => {
    t = await startTestQuestionDb();
    acme = await t.createTenant(
      'acme',
      { olive: 'owner', ada: 'author' },
      { limits: { members: 5, banks: 3, questions: 5 } },
    );
    owner = bearer(await t.issuer.sign({ sub: 'olive' }));
  });
  afterAll(() => t?.close());

  const used = async () => {
    const response = await t.app.inject({ url: `${API}/clients/${acme}/limits`, headers: owner });
    return Object.fromEntries(
      response.json<WorkspaceUsage>().limits.map((limit) => [limit.kind, limit.used]),
    );
  };
  const statuses = (responses: { statusCode: number }[]) =>
    responses.map((response) => response.statusCode).sort();

  it('lets concurrent invitations fill the member limit and no more', async () => {
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/clients/${acme}/invitations`,
          headers: owner,
          payload: { email: `race-${n}@example.test`, role: 'viewer' },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await used()).members).toBe(5);
  });

  it('lets concurrent bank creations fill the bank limit and no more', async () => {
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/clients/${acme}/banks`,
          headers: owner,
          payload: { slug: `race-${n}`, title: `Race ${n}` },
        }),
      ),
    );
    expect(statuses(responses)).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await used()).banks).toBe(3);
  });

  it('lets concurrent imports fill the question limit and no more', async () => {
    const bankId = (
      await t.app.inject({ url: `${API}/clients/${acme}/banks?limit=1`, headers: owner })
    ).json<{ banks: { id: string }[] }>().banks[0]!.id;
    const responses = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/clients/${acme}/banks/${bankId}/import?format=gift`,
          headers: { ...owner, 'content-type': 'text/plain' },
          payload: `::a${n}::One of ${n}? {T}\n\n::b${n}::Two of ${n}? {F}`,
        }),
      ),
    );
    // Two questions each into room for five: two imports fit, the rest are refused whole.
    expect(statuses(responses)).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    expect((await used()).questions).toBe(4);
  });
});
