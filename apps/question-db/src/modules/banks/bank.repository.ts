import { sql } from '@questa/db';
import type { Bank, BankInput, BankVisibility, TenantBank } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';
import { searchConfigOf, searchDocumentOf } from '../../db/search';
import { isoTimestamp, isoTimestampOrNull } from '../../db/timestamps';

type BankFields = Required<BankInput>;

/** Another bank of the tenant already has the slug asked for. */
export class DuplicateSlugError extends Error {
  override name = 'DuplicateSlugError';
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export function createBankRepository(db: QuestionDb) {
  return {
    /** Creates the bank; DuplicateSlugError when the tenant already has one with that slug. */
    /**
     * A new bank. With `check` (the workspace's limit) it is written in one transaction after the
     * check passes; without, as one statement, e.g. inside a caller's transaction.
     */
    async create(clientId: string, bank: BankFields, check?: (trx: QuestionDb) => Promise<void>) {
      const insert = (on: QuestionDb) =>
        on
          .insertInto('banks')
          .values({ client_id: clientId, ...bank })
          .onConflict((conflict) => conflict.columns(['client_id', 'slug']).doNothing())
          .returning(['id', 'slug'])
          .executeTakeFirst();
      const created = check
        ? await db.transaction().execute(async (trx) => {
            await check(trx);
            return insert(trx);
          })
        : await insert(db);
      if (!created) throw new DuplicateSlugError(`The tenant already has a bank ${bank.slug}.`);
      return created;
    },

    async find(clientId: string, bankId: string): Promise<Bank | undefined> {
      const row = await db
        .selectFrom('banks as b')
        .selectAll('b')
        // Drafts included: this is the tenant's own view of its bank.
        .select((eb) =>
          eb
            .selectFrom('questions as q')
            .whereRef('q.bank_id', '=', 'b.id')
            .select(sql<string>`count(*)`.as('count'))
            .as('questionCount'),
        )
        .where('b.id', '=', bankId)
        .where('b.client_id', '=', clientId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        clientId: row.client_id,
        slug: row.slug,
        title: row.title,
        description: row.description,
        language: row.language,
        visibility: row.visibility,
        tags: row.tags,
        questionCount: Number(row.questionCount ?? 0),
        createdAt: isoTimestamp(row.created_at),
        updatedAt: isoTimestamp(row.updated_at),
        archivedAt: isoTimestampOrNull(row.archived_at),
      };
    },

    /**
     * Who may use the bank and whether it is archived, when the tenant has such a bank: what a
     * draw or an import needs to know, without counting the bank's questions as `find` does
     * (a read of every question of a large bank).
     */
    async standing(
      clientId: string,
      bankId: string,
    ): Promise<{ visibility: BankVisibility; archived: boolean } | undefined> {
      const row = await db
        .selectFrom('banks')
        .select(['visibility', 'archived_at'])
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row && { visibility: row.visibility, archived: row.archived_at !== null };
    },

    /** The bank's visibility, when the tenant has such a bank. */
    async visibilityOf(clientId: string, bankId: string): Promise<BankVisibility | undefined> {
      const row = await db
        .selectFrom('banks')
        .select('visibility')
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row?.visibility;
    },

    /**
     * Changes the given fields; false when the tenant has no such bank, DuplicateSlugError when
     * the new slug is taken. A new language re-indexes the bank's questions for search in the
     * same transaction, so search never mixes two languages' stemming within one bank.
     */
    async update(clientId: string, bankId: string, changes: Partial<BankFields>): Promise<boolean> {
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await trx
            .selectFrom('banks')
            .select(sql<string>`${searchConfigOf(sql.ref('language'))}::text`.as('config'))
            .where('id', '=', bankId)
            .where('client_id', '=', clientId)
            .forUpdate()
            .executeTakeFirst();
          if (!before) return false;
          const after = await trx
            .updateTable('banks')
            .set({ ...changes, updated_at: sql<string>`now()` })
            .where('id', '=', bankId)
            .returning(sql<string>`${searchConfigOf(sql.ref('language'))}::text`.as('config'))
            .executeTakeFirstOrThrow();
          if (after.config !== before.config) {
            const config = sql<string>`${after.config}::regconfig`;
            // Content is unchanged, so neither revision nor updated_at moves.
            await trx
              .updateTable('questions as q')
              .from('question_versions as v')
              .set({
                search_config: config,
                search_document: searchDocumentOf(config, sql.ref('v.content')),
              })
              .where('q.bank_id', '=', bankId)
              .whereRef('v.question_id', '=', 'q.id')
              .whereRef('v.version', '=', 'q.current_version')
              .execute();
          }
          return true;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateSlugError('The slug is taken.');
        throw error;
      }
    },

    /** Archives the bank, or restores it with `archived: false`; false when there is none. */
    async setArchived(clientId: string, bankId: string, archived: boolean): Promise<boolean> {
      const row = await db
        .updateTable('banks')
        .set({ archived_at: archived ? sql<string>`coalesce(archived_at, now())` : null })
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many of the bank's questions are, or were ever, published. */
    async publishedCount(bankId: string): Promise<number> {
      const row = await db
        .selectFrom('questions')
        .select(sql<string>`count(*)`.as('count'))
        .where('bank_id', '=', bankId)
        .where('published_version', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Deletes the bank with its questions and their versions (the schema cascades). */
    async remove(clientId: string, bankId: string): Promise<boolean> {
      const row = await db
        .deleteFrom('banks')
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** One page of the tenant's banks in slug order, starting after `afterSlug`. */
    async listForClient(
      clientId: string,
      page: { afterSlug: string | undefined; limit: number; includePrivate: boolean },
    ): Promise<TenantBank[]> {
      let query = db
        .selectFrom('banks as b')
        .leftJoin('questions as q', 'q.bank_id', 'b.id')
        .where('b.client_id', '=', clientId)
        .groupBy('b.id')
        .select([
          'b.id',
          'b.slug',
          'b.title',
          'b.visibility',
          'b.archived_at',
          sql<string>`count(q.id)`.as('questionCount'),
        ])
        .orderBy('b.slug')
        .limit(page.limit);
      if (page.afterSlug !== undefined) query = query.where('b.slug', '>', page.afterSlug);
      if (!page.includePrivate) query = query.where('b.visibility', '<>', 'private');
      const rows = await query.execute();
      return rows.map(({ archived_at, ...row }) => ({
        ...row,
        questionCount: Number(row.questionCount),
        archivedAt: isoTimestampOrNull(archived_at),
      }));
    },
  };
}

export type BankRepository = ReturnType<typeof createBankRepository>;
