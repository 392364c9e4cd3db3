import { sql } from '@questa/db';
import type {
  PassageContent,
  PassageDetail,
  PassageQuestion,
  PassageSummary,
} from '@questa/contracts';
import { QUESTION_DB_SCHEMA, type QuestionDb } from '../../db/tables';
import { isoTimestamp } from '../../db/timestamps';

/** A passage's head as a write needs it, read under a row lock. */
export interface LockedPassage {
  id: string;
  bankId: string;
  revision: number;
  currentVersion: number;
}

const questionsTable = sql.table(`${QUESTION_DB_SCHEMA}.questions`);

const jsonbOf = (content: PassageContent) => sql<PassageContent>`${JSON.stringify(content)}::jsonb`;

function passageQueries(db: QuestionDb) {
  return {
    /** The questions that refer to the passage, in authored order. */
    async questionsOf(passageId: string): Promise<PassageQuestion[]> {
      const rows = await db
        .selectFrom('questions as q')
        .innerJoin('question_versions as v', (join) =>
          join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.current_version'),
        )
        .select([
          'q.id',
          'q.passage_position as position',
          'q.status',
          'q.type',
          sql<string>`left(v.content ->> 'stem', 200)`.as('excerpt'),
        ])
        .where('q.passage_id', '=', passageId)
        .orderBy('q.passage_position')
        .execute();
      return rows.map((row, index) => ({ ...row, position: index + 1 }));
    },

    /** How many questions with a published version refer to the passage. */
    async publishedUses(passageId: string): Promise<number> {
      const row = await db
        .selectFrom('questions')
        .select(sql<string>`count(*)`.as('count'))
        .where('passage_id', '=', passageId)
        .where('published_version', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

/** Writes a passage and its first version; the caller checked the bank is the tenant's. */
export async function insertPassage(
  db: QuestionDb,
  clientId: string,
  bankId: string,
  content: PassageContent,
  authorId: string,
): Promise<string> {
  const { id } = await db
    .insertInto('passages')
    .values({ client_id: clientId, bank_id: bankId, title: content.title })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('passage_versions')
    .values({ passage_id: id, version: 1, content: jsonbOf(content), author_id: authorId })
    .execute();
  return id;
}

/** What a change may do while it holds the passage's row lock (or writes a new bank's). */
export function passageWrites(db: QuestionDb) {
  return {
    ...passageQueries(db),

    async addVersion(passage: LockedPassage, content: PassageContent, authorId: string) {
      const version = passage.currentVersion + 1;
      await db
        .insertInto('passage_versions')
        .values({ passage_id: passage.id, version, content: jsonbOf(content), author_id: authorId })
        .execute();
      await db
        .updateTable('passages')
        .set({
          current_version: version,
          title: content.title,
          revision: sql<number>`revision + 1`,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', passage.id)
        .execute();
    },

    /** The question's bank and whether learners see it, under its row lock; undefined if missing. */
    async lockQuestion(clientId: string, questionId: string) {
      return db
        .selectFrom('questions')
        .select(['id', 'bank_id as bankId', 'passage_id as passageId', 'published_version'])
        .where('id', '=', questionId)
        .where('client_id', '=', clientId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Puts the question last in the passage's group, leaving any other passage it had. */
    async attach(passageId: string, questionId: string) {
      await db
        .updateTable('questions')
        .set({
          passage_id: passageId,
          passage_position: sql<number>`(select coalesce(max(passage_position), 0) + 1
            from ${questionsTable} where passage_id = ${passageId}::uuid)`,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', questionId)
        .execute();
    },

    /** False when the question did not refer to the passage. */
    async detach(passageId: string, questionId: string): Promise<boolean> {
      const done = await db
        .updateTable('questions')
        .set({ passage_id: null, passage_position: null, updated_at: sql<string>`now()` })
        .where('id', '=', questionId)
        .where('passage_id', '=', passageId)
        .returning('id')
        .executeTakeFirst();
      return done !== undefined;
    },

    async touch(passageId: string) {
      await db
        .updateTable('passages')
        .set({ revision: sql<number>`revision + 1`, updated_at: sql<string>`now()` })
        .where('id', '=', passageId)
        .execute();
    },

    /** Deletes the passage and its versions; false while a question still refers to it. */
    async delete(passageId: string): Promise<boolean> {
      const used = await db
        .selectFrom('questions')
        .select('id')
        .where('passage_id', '=', passageId)
        .limit(1)
        .executeTakeFirst();
      if (used) return false;
      await db.deleteFrom('passages').where('id', '=', passageId).execute();
      return true;
    },
  };
}

export type PassageWrites = ReturnType<typeof passageWrites>;

export function createPassageRepository(db: QuestionDb) {
  return {
    ...passageQueries(db),

    /** A bank's passages, newest change first, with how many questions refer to each. */
    async list(clientId: string, bankId: string): Promise<PassageSummary[]> {
      const rows = await db
        .selectFrom('passages as p')
        .select([
          'p.id',
          'p.bank_id as bankId',
          'p.title',
          'p.current_version as currentVersion',
          'p.revision',
          'p.updated_at',
          (eb) =>
            eb
              .selectFrom('questions as q')
              .whereRef('q.passage_id', '=', 'p.id')
              .select(sql<string>`count(*)`.as('count'))
              .as('questionCount'),
        ])
        .where('p.client_id', '=', clientId)
        .where('p.bank_id', '=', bankId)
        .orderBy('p.updated_at', 'desc')
        .orderBy('p.id')
        .execute();
      return rows.map(({ updated_at, questionCount, ...row }) => ({
        ...row,
        questionCount: Number(questionCount ?? 0),
        updatedAt: isoTimestamp(updated_at),
      }));
    },

    /** The current content of the tenant's passages, by id. */
    async currentContents(clientId: string, passageIds: readonly string[]) {
      if (passageIds.length === 0) return new Map<string, PassageContent>();
      const rows = await db
        .selectFrom('passages as p')
        .innerJoin('passage_versions as v', (join) =>
          join.onRef('v.passage_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
        )
        .select(['p.id', 'v.content'])
        .where('p.client_id', '=', clientId)
        .where('p.id', 'in', [...new Set(passageIds)])
        .execute();
      return new Map(rows.map((row) => [row.id, row.content]));
    },

    /** The passage with its current version and its questions, when it belongs to the tenant. */
    async find(
      clientId: string,
      passageId: string,
    ): Promise<Omit<PassageDetail, 'questions'> | undefined> {
      const row = await db
        .selectFrom('passages as p')
        .innerJoin('passage_versions as v', (join) =>
          join.onRef('v.passage_id', '=', 'p.id').onRef('v.version', '=', 'p.current_version'),
        )
        .select([
          'p.id',
          'p.bank_id as bankId',
          'p.client_id as clientId',
          'p.current_version as currentVersion',
          'p.revision',
          'p.updated_at',
          'v.content',
        ])
        .where('p.id', '=', passageId)
        .where('p.client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { updated_at, ...rest } = row;
      return { ...rest, updatedAt: isoTimestamp(updated_at) };
    },

    /** A new passage with its first version; undefined when the tenant has no such bank. */
    async create(clientId: string, bankId: string, content: PassageContent, authorId: string) {
      return db.transaction().execute(async (trx) => {
        const bank = await trx
          .selectFrom('banks')
          .select('id')
          .where('id', '=', bankId)
          .where('client_id', '=', clientId)
          .forShare()
          .executeTakeFirst();
        if (!bank) return undefined;
        const id = await insertPassage(trx, clientId, bankId, content, authorId);
        return id;
      });
    },

    /**
     * Runs `change` in a transaction holding the passage's row lock, so two changes of one
     * passage (or of its group's order) happen one after the other. Undefined when the tenant
     * has no such passage.
     */
    async changeLocked<T>(
      clientId: string,
      passageId: string,
      change: (passage: LockedPassage, writes: PassageWrites) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction().execute(async (trx) => {
        const passage = await trx
          .selectFrom('passages')
          .select(['id', 'bank_id as bankId', 'revision', 'current_version as currentVersion'])
          .where('id', '=', passageId)
          .where('client_id', '=', clientId)
          .forUpdate()
          .executeTakeFirst();
        return passage ? change(passage, passageWrites(trx)) : undefined;
      });
    },
  };
}

export type PassageRepository = ReturnType<typeof createPassageRepository>;
