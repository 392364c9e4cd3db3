import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TeachingClass } from '@questa/contracts';
import { sql } from '@questa/db';
import {
  createFileMediaStore,
  QUESTION_DB_SCHEMA,
  questionDb,
  seedDemoContent,
  seedMembership,
} from '@questa/question-db';
import { startLearningApi, type Learner, type LearningApi } from '../learning/learning-test-kit';
import { riverQuestions, seededBank } from '../live/live-test-fixtures';

/*
 * Test-only: the learning API with the people a class involves: the workspace's owner, two of its
 * teachers, an author (no classes), a teacher of another workspace with a private bank of its own,
 * and learners who belong to no workspace.
 */
export interface ClassesKit {
  kit: LearningApi;
  clientId: string;
  otherClientId: string;
  otherBankId: string;
  owner: Learner;
  teacher: Learner;
  colleague: Learner;
  author: Learner;
  outsider: Learner;
  learner(name: string): Promise<Learner>;
  /** A class made by `by` (the teacher unless told) in the kit's workspace. */
  createClass(name: string, by?: Learner): Promise<TeachingClass>;
  teaching(path: string): string;
  close(): Promise<void>;
}

export async function startClassesKit(
  options: Parameters<typeof startLearningApi>[0] = {},
): Promise<ClassesKit> {
  const kit = await startLearningApi(options);
  const qdb = questionDb(kit.beside.database);
  const media = createFileMediaStore(await mkdtemp(path.join(tmpdir(), 'questa-classes-')));
  await seedDemoContent(qdb, media, {
    tenant: { slug: 'classes-other', name: 'Another school' },
    media: [],
    banks: [seededBank('other-rivers', 'Other rivers', 'private', riverQuestions)],
  });
  const member = async (name: string, tenantSlug: string, role: 'owner' | 'teacher' | 'author') => {
    const person = await kit.learner(name);
    await seedMembership(qdb, { tenantSlug, userId: person.sub, role });
    return person;
  };
  const [owner, teacher, colleague, author, outsider] = await Promise.all([
    member('owner', 'learning-test', 'owner'),
    member('teacher', 'learning-test', 'teacher'),
    member('colleague', 'learning-test', 'teacher'),
    member('author', 'learning-test', 'author'),
    member('outsider', 'classes-other', 'teacher'),
  ]);
  const clientId = (await kit.api.inject(`/api/catalog/banks/${kit.publicBankId}`)).json<{
    clientId: string;
  }>().clientId;
  const { rows } = await sql<{ clientId: string; bankId: string }>`
    select c.id as "clientId", b.id as "bankId"
    from ${sql.table(`${QUESTION_DB_SCHEMA}.clients`)} c
    join ${sql.table(`${QUESTION_DB_SCHEMA}.banks`)} b on b.client_id = c.id
    where c.slug = 'classes-other'`.execute(kit.db);
  const other = rows[0]!;
  const teaching = (rest: string) => `/api/teaching/clients/${clientId}/classes${rest}`;
  return {
    kit,
    clientId,
    otherClientId: other.clientId,
    otherBankId: other.bankId,
    owner,
    teacher,
    colleague,
    author,
    outsider,
    learner: (name) => kit.learner(name),
    teaching,
    async createClass(name, by = teacher) {
      const response = await by.call({ method: 'POST', url: teaching(''), payload: { name } });
      if (response.statusCode !== 201) throw new Error(`class not created: ${response.body}`);
      return response.json<TeachingClass>();
    },
    close: () => kit.close(),
  };
}
