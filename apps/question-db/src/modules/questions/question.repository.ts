import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from '@questa/db';
import type {
  BankVisibility,
  QuestionContent,
  QuestionStatus,
  QuestionVersion,
} from '@questa/contracts';
import { QUESTION_DB_SCHEMA, type QuestionDb, type QuestionDbTables } from '../../db/tables';
import { jsonb, searchConfigOf, searchDocumentOf } from '../../db/search';
import { isoTimestamp } from '../../db/timestamps';

/** A published or retired version was asked to change; exams pin them, so none ever does. */
export class PublishedVersionImmutableError extends Error {
  override name = 'PublishedVersionImmutableError';
}

/** A question's head as a write needs it, read under a row lock. */
export interface LockedQuestion {
  id: string;
  bankId: string;
  revision: number;
  currentVersion: number;
  publishedVersion: number | null;
  /** The current version's status. */
  status: QuestionStatus;
  /** Who last wrote the current version: with a second person, not who may publish it. */
  currentAuthorId: string | null;
}

export interface QuestionHead {
  id: string;
  bankId: string;
  clientId: string;
  bankVisibility: BankVisibility;
  currentVersion: number;
  publishedVersion: number | null;
  revision: number;
  passageId: string | null;
}

export interface NewQuestion {
  content: QuestionContent;
  status: Extract<QuestionStatus, 'draft' | 'published'>;
}

const versionColumns = [
  'v.question_id',
  'v.version',
  'v.status',
  'v.content',
  'v.author_id',
  'v.created_at',
] as const;

function toVersion(row: {
  question_id: string;
  version: number;
  status: QuestionStatus;
  content: QuestionContent;
  author_id: string;
  created_at: string;
}): QuestionVersion {
  return {
    questionId: row.question_id,
    version: row.version,
    status: row.status,
    content: row.content,
    authorId: row.author_id,
    createdAt: isoTimestamp(row.created_at),
  };
}

// Questions the bulk insert writes per statement. Each statement takes the chunk as one JSON
// parameter, so its size is bounded by memory, not by PostgreSQL's 65,535 parameters.
const insertChunk = 2000;

const questionsTable = sql.table(`${QUESTION_DB_SCHEMA}.questions`);
const versionsTable = sql.table(`${QUESTION_DB_SCHEMA}.question_versions`);

function questionQueries(db: QuestionDb) {
  const contentColumns = (content: QuestionContent) => ({
    type: content.type,
    topic: content.topic,
    tags: content.tags,
    difficulty: content.difficulty,
  });

  return {
    /**
     * Adds questions to a bank, each with a first version in the given status, one statement
     * per 2,000 questions. Run it on a transaction's repository (see `inTransaction`): it writes
     * all or nothing, and the bank row stays share-locked, so a concurrent change of the bank's
     * language cannot leave these questions indexed in the old one. Returns the new ids in input
     * order, or undefined when the tenant has no such bank.
     */
    async insertMany(
      clientId: string,
      bankId: string,
      questions: readonly NewQuestion[],
      authorId: string,
    ): Promise<string[] | undefined> {
      const bank = await db
        .selectFrom('banks')
        .select(sql<string>`${searchConfigOf(sql.ref('language'))}::text`.as('config'))
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .forShare()
        .executeTakeFirst();
      if (!bank) return undefined;
      const config = sql<string>`${bank.config}::regconfig`;
      const ids: string[] = [];
      for (let start = 0; start < questions.length; start += insertChunk) {
        const chunk = questions.slice(start, start + insertChunk).map(({ content, status }) => ({
          id: randomUUID(),
          status,
          content,
          ...contentColumns(content),
        }));
        // One statement writes the chunk's questions and their first versions, the rows read
        // from one JSON parameter: a VALUES list of a dozen parameters a row cost more to send,
        // parse and plan than the rows cost to write.
        await sql`
          with chunk as (
            select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r (
              id uuid, status text, type text, topic text, tags text[], difficulty smallint,
              content jsonb)
          ), inserted as (
            insert into ${questionsTable} (id, bank_id, client_id, current_version,
              published_version, status, type, topic, tags, difficulty, search_config,
              search_document)
            select id, ${bankId}::uuid, ${clientId}::uuid, 1,
              case when status = 'published' then 1 end, status, type, topic, tags, difficulty,
              ${config}, ${searchDocumentOf(config, sql.ref('content'))}
            from chunk
            returning id
          )
          insert into ${versionsTable} (question_id, bank_id, version, status, type, topic, tags,
            difficulty, content, author_id)
          select id, ${bankId}::uuid, 1, status, type, topic, tags, difficulty, content,
            ${authorId}
          from chunk`.execute(db);
        ids.push(...chunk.map((question) => question.id));
      }
      return ids;
    },

    /** The question with its current version, when it belongs to the tenant. */
    async findDetail(
      clientId: string,
      questionId: string,
    ): Promise<(QuestionHead & { current: QuestionVersion }) | undefined> {
      const row = await db
        .selectFrom('questions as q')
        .innerJoin('banks as b', 'b.id', 'q.bank_id')
        .innerJoin('question_versions as v', (join) =>
          join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.current_version'),
        )
        .select([
          'q.id',
          'q.bank_id as bankId',
          'q.client_id as clientId',
          'b.visibility as bankVisibility',
          'q.current_version as currentVersion',
          'q.published_version as publishedVersion',
          'q.revision',
          'q.passage_id as passageId',
          ...versionColumns,
        ])
        .where('q.id', '=', questionId)
        .where('q.client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { question_id, version, status, content, author_id, created_at, ...head } = row;
      return {
        ...head,
        current: toVersion({ question_id, version, status, content, author_id, created_at }),
      };
    },

    async findVersion(questionId: string, version: number): Promise<QuestionVersion | undefined> {
      const row = await db
        .selectFrom('question_versions as v')
        .select(versionColumns)
        .where('v.question_id', '=', questionId)
        .where('v.version', '=', version)
        .executeTakeFirst();
      return row && toVersion(row);
    },

    /** Every version of the question, newest first. */
    async listVersions(questionId: string): Promise<QuestionVersion[]> {
      const rows = await db
        .selectFrom('question_versions as v')
        .select(versionColumns)
        .where('v.question_id', '=', questionId)
        .orderBy('v.version', 'desc')
        .execute();
      return rows.map(toVersion);
    },

    /** Versions in a bank for export: published only, or the current version of each question. */
    async listForExport(
      clientId: string,
      bankId: string,
      which: 'published' | 'current',
    ): Promise<(QuestionVersion & { passageId: string | null; passagePosition?: number })[]> {
      const rows = await db
        .selectFrom('questions as q')
        .innerJoin('question_versions as v', (join) =>
          join
            .onRef('v.question_id', '=', 'q.id')
            .onRef(
              'v.version',
              '=',
              which === 'published' ? 'q.published_version' : 'q.current_version',
            ),
        )
        .select([...versionColumns, 'q.passage_id', 'q.passage_position'])
        .where('q.bank_id', '=', bankId)
        .where('q.client_id', '=', clientId)
        .orderBy('q.created_at')
        .orderBy('q.id')
        .execute();
      return rows.map(({ passage_id, passage_position, ...row }) => ({
        ...toVersion(row),
        passageId: passage_id,
        ...(passage_position === null ? {} : { passagePosition: passage_position }),
      }));
    },
  };
}

/** What a write may do while it holds the question's row lock. */
export function lockedWrites(db: QuestionDb) {
  const contentColumns = (content: QuestionContent) => ({
    content: jsonb(content),
    type: content.type,
    topic: content.topic,
    tags: content.tags,
    difficulty: content.difficulty,
  });

  return {
    /**
     * Rewrites a draft or in-review version in place, back to draft. A published or retired
     * version is never rewritten: the condition is in the statement itself, so no caller can.
     */
    async rewriteDraft(
      questionId: string,
      version: number,
      content: QuestionContent,
      authorId: string,
    ): Promise<void> {
      const updated = await db
        .updateTable('question_versions')
        .set({ ...contentColumns(content), status: 'draft', author_id: authorId })
        .where('question_id', '=', questionId)
        .where('version', '=', version)
        .where('status', 'in', ['draft', 'in_review'])
        .returning('version')
        .executeTakeFirst();
      if (!updated) {
        throw new PublishedVersionImmutableError(
          `Version ${version} of question ${questionId} is published or retired and cannot change.`,
        );
      }
    },

    async addDraftVersion(
      question: Pick<LockedQuestion, 'id' | 'bankId'>,
      version: number,
      content: QuestionContent,
      authorId: string,
    ): Promise<void> {
      await db
        .insertInto('question_versions')
        .values({
          question_id: question.id,
          bank_id: question.bankId,
          version,
          status: 'draft',
          ...contentColumns(content),
          author_id: authorId,
        })
        .execute();
    },

    /** Moves one version from `from` to `to`; anything else about it stays as it is. */
    async moveVersion(
      questionId: string,
      version: number,
      from: QuestionStatus,
      to: QuestionStatus,
    ): Promise<void> {
      const moved = await db
        .updateTable('question_versions')
        .set({ status: to })
        .where('question_id', '=', questionId)
        .where('version', '=', version)
        .where('status', '=', from)
        .returning('version')
        .executeTakeFirst();
      if (!moved) {
        throw new Error(`Version ${version} of question ${questionId} is not ${from}.`);
      }
    },

    /**
     * Records a save or transition on the question row: a new revision, the versions it points
     * at, and a fresh copy of the current version's status, filter fields and search document.
     */
    async recordChange(
      questionId: string,
      pointers: { currentVersion: number; publishedVersion: number | null },
    ): Promise<void> {
      await db
        .updateTable('questions as q')
        .from('question_versions as v')
        .set((eb) => ({
          revision: sql<number>`q.revision + 1`,
          updated_at: sql<string>`now()`,
          current_version: pointers.currentVersion,
          published_version: pointers.publishedVersion,
          status: eb.ref('v.status'),
          type: eb.ref('v.type'),
          topic: eb.ref('v.topic'),
          tags: eb.ref('v.tags'),
          difficulty: eb.ref('v.difficulty'),
          search_document: searchDocumentOf(sql.ref('q.search_config'), sql.ref('v.content')),
        }))
        .where('q.id', '=', questionId)
        .whereRef('v.question_id', '=', 'q.id')
        .where('v.version', '=', pointers.currentVersion)
        .execute();
    },
  };
}

export type LockedWrites = ReturnType<typeof lockedWrites>;

/** The columns of a `LockedQuestion`, with `currentAuthor` beside them. */
export const lockedColumns = [
  'id',
  'bank_id as bankId',
  'revision',
  'current_version as currentVersion',
  'published_version as publishedVersion',
  'status',
] as const;

/** Who last wrote a question's current version, selected beside its `lockedColumns`. */
export const currentAuthor = (eb: ExpressionBuilder<QuestionDbTables, 'questions'>) =>
  eb
    .selectFrom('question_versions as v')
    .select('v.author_id')
    .whereRef('v.question_id', '=', 'questions.id')
    .whereRef('v.version', '=', 'questions.current_version')
    .as('currentAuthorId');

export function createQuestionRepository(db: QuestionDb) {
  return {
    ...questionQueries(db),

    /** Runs `work` with this repository's queries in one transaction, e.g. a bulk import. */
    inTransaction<T>(
      work: (questions: ReturnType<typeof questionQueries>, trx: QuestionDb) => Promise<T>,
    ) {
      return db.transaction().execute((trx) => work(questionQueries(trx), trx));
    },

    /**
     * Runs `change` in a transaction holding the question's row lock (`select … for update`),
     * so two saves or transitions of one question happen one after another and the second sees
     * the revision the first wrote. Undefined when the tenant has no such question.
     */
    async changeLocked<T>(
      clientId: string,
      questionId: string,
      change: (question: LockedQuestion, writes: LockedWrites) => Promise<T>,
    ): Promise<T | undefined> {
      return db.transaction().execute(async (trx) => {
        const question = await trx
          .selectFrom('questions')
          .select(lockedColumns)
          .select(currentAuthor)
          .where('id', '=', questionId)
          .where('client_id', '=', clientId)
          .forUpdate()
          .executeTakeFirst();
        return question ? change(question, lockedWrites(trx)) : undefined;
      });
    },
  };
}

export type QuestionRepository = ReturnType<typeof createQuestionRepository>;
