import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestQuestionDb, type TestQuestionDb } from '@questa/question-db/testing';
import { createQdbClient, type QdbClient } from './index';

/** A small bank as another tool would export it, in GIFT. */
const giftFile = `// Capitals, exported for the integrator test
::Capital of France:: What is the capital of France? {=Paris ~Lyon ~Marseille}

::Capital of Italy:: What is the capital of Italy? {=Rome ~Milan ~Naples}

::Capital of Spain:: What is the capital of Spain? {=Madrid ~Seville ~Valencia}
`;

/**
 * An integrator's day, through the generated client over real HTTP: the tenant's owner creates
 * an API key; with only that key the integrator imports a GIFT file, finds the questions by
 * search, and — once the owner has published them — draws a quiz from the bank.
 */
describe('the generated client, used as an integrator would', () => {
  let t: TestQuestionDb;
  let baseUrl = '';
  let clientId = '';
  let owner: QdbClient;

  beforeAll(async () => {
    t = await startTestQuestionDb();
    clientId = await t.createTenant('capitals-inc', { olive: 'owner' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/qdb/api/v1`;
    owner = createQdbClient({ baseUrl, apiKey: await t.issuer.sign({ sub: 'olive' }) });
  });
  afterAll(() => t?.close());

  it('creates a key, imports a bank, searches it and draws from it', async () => {
    const bank = await owner.POST('/clients/{clientId}/banks', {
      params: { path: { clientId } },
      body: { slug: 'capitals', title: 'Capitals of Europe', visibility: 'private' },
    });
    expect(bank.error).toBeUndefined();
    const bankId = bank.data!.id;

    const key = await owner.POST('/clients/{clientId}/credentials', {
      params: { path: { clientId } },
      body: { scopes: ['banks:read', 'banks:write'] },
    });
    expect(key.response.status).toBe(201);
    const integrator = createQdbClient({ baseUrl, apiKey: key.data!.secret });

    const imported = await integrator.POST('/clients/{clientId}/banks/{bankId}/import', {
      params: { path: { clientId, bankId }, query: { format: 'gift' } },
      // The file is the body as it is; the document does not describe raw bodies as a schema.
      body: giftFile as never,
      bodySerializer: (body: unknown) => body as string,
      headers: { 'content-type': 'text/plain' },
    });
    expect(imported.error).toBeUndefined();
    expect(imported.data).toMatchObject({ imported: 3 });

    const found = await integrator.GET('/clients/{clientId}/questions', {
      params: { path: { clientId }, query: { bankId, q: 'capital Italy' } },
    });
    expect(found.data?.questions.map((question) => question.excerpt)).toEqual([
      'What is the capital of Italy?',
    ]);

    // The integrator submits the drafts for review; publishing is the owner's (or a reviewer's)
    // step, since an API key writes as an author does.
    const drafts = await integrator.GET('/clients/{clientId}/questions', {
      params: { path: { clientId }, query: { bankId } },
    });
    for (const question of drafts.data!.questions) {
      const transition = (client: QdbClient, action: 'submit' | 'publish', revision: number) =>
        client.POST('/clients/{clientId}/questions/{questionId}/transitions', {
          params: { path: { clientId, questionId: question.id } },
          body: { action, expectedRevision: revision },
        });
      const submitted = await transition(integrator, 'submit', question.revision);
      expect(submitted.error).toBeUndefined();
      const published = await transition(owner, 'publish', submitted.data!.revision);
      expect(published.error).toBeUndefined();
    }

    const drawn = await integrator.POST('/clients/{clientId}/banks/{bankId}/draw', {
      params: { path: { clientId, bankId } },
      body: { rules: [{ count: 2 }] },
    });
    expect(drawn.error).toBeUndefined();
    expect(drawn.data!.questions).toHaveLength(2);
    expect(drawn.data!.shortfalls).toEqual([]);
  });

  it('answers a problem document, not an exception, for a revoked or wrong key', async () => {
    const stranger = createQdbClient({ baseUrl, apiKey: 'qdbk_not-a-key-of-anyone-at-all' });
    const answer = await stranger.GET('/clients/{clientId}/banks', {
      params: { path: { clientId } },
    });
    expect(answer.response.status).toBe(401);
    expect(answer.error).toMatchObject({ code: 'auth.required' });
  });
});
