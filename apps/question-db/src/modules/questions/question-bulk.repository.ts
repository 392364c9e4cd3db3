import { sql } from '@questa/db';
import type { QuestionDb } from '../../db/tables';
import { searchConfigOf, searchDocumentOf } from '../../db/search';
import {
  currentAuthor,
  lockedColumns,
  lockedWrites,
  type LockedQuestion,
} from './question.repository';

/** What a bulk action may do while it holds the row locks of its questions. */
function bulkWrites(db: QuestionDb) {
  return {
    ...lockedWrites(db),

    /**
     * Moves questions, every version with them, into another bank of the same tenant, and
     * re-indexes them in that bank's language. False when the tenant has no such bank; the bank
     * row stays share-locked, so its language cannot change under the new search documents.
     */
    async moveToBank(clientId: string, questionIds: string[], bankId: string): Promise<boolean> {
      const bank = await db
        .selectFrom('banks')
        .select(sql<string>`${searchConfigOf(sql.ref('language'))}::text`.as('config'))
        .where('id', '=', bankId)
        .where('client_id', '=', clientId)
        .forShare()
        .executeTakeFirst();
      if (!bank) return false;
      if (questionIds.length === 0) return true;
      const config = sql<string>`${bank.config}::regconfig`;
      await db
        .updateTable('question_versions')
        .set({ bank_id: bankId })
        .where('question_id', 'in', questionIds)
        .execute();
      await db
        .updateTable('questions as q')
        .from('question_versions as v')
        .set({
          bank_id: bankId,
          // A passage belongs to one bank: a question that leaves it leaves its passage too.
          passage_id: null,
          passage_position: null,
          revision: sql<number>`q.revision + 1`,
          updated_at: sql<string>`now()`,
          search_config: config,
          search_document: searchDocumentOf(config, sql.ref('v.content')),
        })
        .where('q.id', 'in', questionIds)
        .whereRef('v.question_id', '=', 'q.id')
        .whereRef('v.version', '=', 'q.current_version')
        .execute();
      return true;
    },

    /** Deletes questions with all their versions. The caller checked none was ever published. */
    async deleteQuestions(questionIds: string[]): Promise<void> {
      if (questionIds.length === 0) return;
      await db.deleteFrom('question_versions').where('question_id', 'in', questionIds).execute();
      await db.deleteFrom('questions').where('id', 'in', questionIds).execute();
    },
  };
}

export type BulkWrites = ReturnType<typeof bulkWrites>;

export function createQuestionBulkRepository(db: QuestionDb) {
  return {
    /**
     * Runs `work` in one transaction holding the row locks of those of `questionIds` that are
     * questions of the bank, so no save or transition of one of them interleaves. Rows are locked
     * in id order: two bulk actions over overlapping questions then wait for each other instead
     * of deadlocking.
     */
    async inBulk<T>(
      clientId: string,
      bankId: string,
      questionIds: readonly string[],
      work: (questions: LockedQuestion[], writes: BulkWrites) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const questions =
          questionIds.length === 0
            ? []
            : await trx
                .selectFrom('questions')
                .select(lockedColumns)
                .select(currentAuthor)
                .where('client_id', '=', clientId)
                .where('bank_id', '=', bankId)
                .where('id', 'in', questionIds)
                .orderBy('id')
                .forUpdate()
                .execute();
        return work(questions, bulkWrites(trx));
      });
    },
  };
}

export type QuestionBulkRepository = ReturnType<typeof createQuestionBulkRepository>;
