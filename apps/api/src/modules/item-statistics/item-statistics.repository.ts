import { sql } from '@questa/db';
import type { ItemResponse } from '@questa/scoring';
import type { ApiDb } from '../../db/tables';

export function createItemStatisticsRepository(db: ApiDb) {
  return {
    /**
     * Every learner's first answer to each question of a bank (later answers carry practice
     * effects). Filtered by tenant as well as bank, so a bank id alone never reaches another
     * tenant's figures.
     */
    firstAnswers: (clientId: string, bankId: string): Promise<ItemResponse[]> =>
      db
        .selectFrom('answer_events')
        .select(['user_id as learnerId', 'question_id as questionId', 'score'])
        .distinctOn(['user_id', 'question_id'])
        .where('client_id', '=', clientId)
        .where('bank_id', '=', bankId)
        .orderBy('user_id')
        .orderBy('question_id')
        .orderBy(sql`id`)
        .execute(),
  };
}

export type ItemStatisticsRepository = ReturnType<typeof createItemStatisticsRepository>;
