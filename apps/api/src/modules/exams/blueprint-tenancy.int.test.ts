import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blueprint } from '@questa/contracts';
import {
  createFileMediaStore,
  QUESTION_DB_SCHEMA,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { sql } from '@questa/db';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { riverQuestions, seededBank } from '../live/live-test-fixtures';

/**
 * A blueprint names its bank by id; an author of one tenant must not hang blueprints on another
 * tenant's bank, public or private, however the id was learnt.
 */
describe('exam blueprints stay within their tenant', () => {
  let kit: LearningApi;
  let author: Learner;
  let ownClientId: string;
  const otherBanks = new Map<string, string>();

  const input = {
    title: 'Borrowed rivers',
    rules: [{ count: 1 }],
    timeLimitSeconds: 60,
    passMark: 0.5,
    shuffle: false,
    reviewPolicy: 'full',
  };
  const base = (bankId: string) =>
    `/api/authoring/clients/${ownClientId}/banks/${bankId}/blueprints`;

  beforeAll(async () => {
    kit = await startLearningApi();
    const qdb = questionDb(kit.beside.database);
    const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-blueprint-')));
    await seedDemoContent(qdb, media, {
      tenant: { slug: 'blueprint-other', name: 'Another school' },
      media: [],
      banks: [
        seededBank('open-rivers', 'Open rivers', 'public', riverQuestions),
        seededBank('hidden-rivers', 'Hidden rivers', 'private', riverQuestions),
      ],
    });
    author = await kit.learner('author');
    await seedMembership(qdb, { tenantSlug: 'learning-test', userId: author.sub, role: 'author' });
    ownClientId = (await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`)).json<{
      clientId: string;
    }>().clientId;
    const { rows } = await sql<{ slug: string; bankId: string }>`
      select b.slug, b.id as "bankId"
      from ${sql.table(`${QUESTION_DB_SCHEMA}.clients`)} c
      join ${sql.table(`${QUESTION_DB_SCHEMA}.banks`)} b on b.client_id = c.id
      where c.slug = 'blueprint-other'`.execute(kit.db);
    for (const row of rows) otherBanks.set(row.slug, row.bankId);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it.each(['open-rivers', 'hidden-rivers'])(
    'answers 404 to a blueprint on another tenant’s bank (%s), and stores nothing',
    async (slug) => {
      const bankId = otherBanks.get(slug)!;
      const created = await author.call({ method: 'POST', url: base(bankId), payload: input });
      expect(created.statusCode).toBe(404);
      expect(created.headers['content-type']).toContain('application/problem+json');
      expect(created.json()).toMatchObject({ code: 'not_found' });
      const stored = await kit.db
        .selectFrom('exam_blueprints')
        .select('id')
        .where('bank_id', '=', bankId)
        .execute();
      expect(stored).toEqual([]);
    },
  );

  it('answers 404 to a change addressed through another tenant’s bank', async () => {
    const own = await author.call({ method: 'POST', url: base(kit.publicBankId), payload: input });
    expect(own.statusCode).toBe(201);
    const id = own.json<Blueprint>().id;
    const bankId = otherBanks.get('open-rivers')!;
    const changed = await author.call({
      method: 'PUT',
      url: `${base(bankId)}/${id}`,
      payload: { ...input, title: 'Still borrowed' },
    });
    expect(changed.statusCode).toBe(404);
  });

  it('still takes a blueprint on the tenant’s own bank', async () => {
    const created = await author.call({
      method: 'POST',
      url: base(kit.publicBankId),
      payload: { ...input, title: 'Own capitals' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json<Blueprint>()).toMatchObject({ bankId: kit.publicBankId });
  });
});
