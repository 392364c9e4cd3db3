import type { QuestionContent } from '@questa/contracts';
import type { QuestionDb } from '../../db/tables';

/**
 * Published questions of a demo bank, as the main API pins them for the demo class's
 * assignments on first start, when no HTTP server is listening yet to draw them through. Only
 * questions that stand alone (no passage); undefined when the tenant or bank is not there.
 */
export async function demoBankQuestions(
  db: QuestionDb,
  where: { tenantSlug: string; bankSlug: string; count: number },
): Promise<
  | {
      clientId: string;
      bankId: string;
      bankTitle: string;
      questions: { questionId: string; version: number; content: QuestionContent }[];
    }
  | undefined
> {
  const bank = await db
    .selectFrom('banks as b')
    .innerJoin('clients as c', 'c.id', 'b.client_id')
    .select(['c.id as clientId', 'b.id as bankId', 'b.title as bankTitle'])
    .where('c.slug', '=', where.tenantSlug)
    .where('b.slug', '=', where.bankSlug)
    .executeTakeFirst();
  if (!bank) return undefined;
  const questions = await db
    .selectFrom('questions as q')
    .innerJoin('question_versions as v', (join) =>
      join.onRef('v.question_id', '=', 'q.id').onRef('v.version', '=', 'q.published_version'),
    )
    .select(['q.id as questionId', 'v.version', 'v.content'])
    .where('q.bank_id', '=', bank.bankId)
    .where('q.passage_id', 'is', null)
    .orderBy('v.sample_key')
    .limit(where.count)
    .execute();
  return { ...bank, questions };
}
