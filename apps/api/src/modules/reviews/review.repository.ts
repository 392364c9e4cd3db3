import type { LearnerPassage, QuestionContent } from '@questa/contracts';
import { sql } from '@questa/db';
import type { ReviewCard } from '@questa/scoring';
import type { ApiDb } from '../../db/tables';

export interface CardRow {
  id: string;
  questionId: string;
  clientId: string;
  bankId: string;
  bankTitle: string;
  version: number;
  content: QuestionContent;
  passage: LearnerPassage | null;
  fsrs: ReviewCard;
  state: ReviewCard['state'];
  due: string;
}

const columns = [
  'id',
  'question_id as questionId',
  'client_id as clientId',
  'bank_id as bankId',
  'bank_title as bankTitle',
  'version',
  'content',
  'passage',
  'fsrs',
  'state',
  'due',
] as const;

const startOfUtcDay = sql<string>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;

export function createReviewRepository(db: ApiDb) {
  return {
    /**
     * Cards due now, oldest first; cards in (re)learning steps count as due up to
     * `learnAheadMinutes` early, so a missed question comes back in the same sitting.
     */
    due: (userId: string, learnAheadMinutes: number, limit: number): Promise<CardRow[]> =>
      db
        .selectFrom('review_cards')
        .select(columns)
        .where('user_id', '=', userId)
        .where('state', '!=', 'new')
        .where((eb) =>
          eb.or([
            eb('due', '<=', sql<string>`now()`),
            eb.and([
              eb('state', 'in', ['learning', 'relearning']),
              eb('due', '<=', sql<string>`now() + make_interval(mins => ${learnAheadMinutes})`),
            ]),
          ]),
        )
        .orderBy('due')
        .limit(limit)
        .execute(),

    fresh: (userId: string, limit: number): Promise<CardRow[]> =>
      limit <= 0
        ? Promise.resolve([])
        : db
            .selectFrom('review_cards')
            .select(columns)
            .where('user_id', '=', userId)
            .where('state', '=', 'new')
            .orderBy('created_at')
            .limit(limit)
            .execute(),

    async counts(userId: string, learnAheadMinutes: number) {
      const row = await db
        .selectFrom('review_cards')
        .select([
          sql<number>`count(*) filter (where state = 'new')::int`.as('new'),
          sql<number>`count(*) filter (where state = 'learning')::int`.as('learning'),
          sql<number>`count(*) filter (where state = 'review')::int`.as('review'),
          sql<number>`count(*) filter (where state = 'relearning')::int`.as('relearning'),
          sql<number>`count(*) filter (where state <> 'new' and (due <= now() or (state in ('learning', 'relearning') and due <= now() + make_interval(mins => ${learnAheadMinutes}))))::int`.as(
            'due',
          ),
          sql<number>`count(*) filter (where introduced_at >= ${startOfUtcDay})::int`.as(
            'newToday',
          ),
          sql<
            string | null
          >`min(due) filter (where state <> 'new' and due > now() + make_interval(mins => ${learnAheadMinutes}))`.as(
            'nextDue',
          ),
        ])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { ...row, nextDue: row.nextDue && new Date(row.nextDue).toISOString() };
    },

    lock: (id: string, userId: string): Promise<CardRow | undefined> =>
      db
        .selectFrom('review_cards')
        .select(columns)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst(),
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
